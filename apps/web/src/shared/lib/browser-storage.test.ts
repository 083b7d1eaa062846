import { describe, expect, it } from "vitest";
import { readCsvDialect, saveCsvDialect, subscribeToStorage } from "./browser-storage.ts";

// Issue 16 item 10: the CSV kind picked for an export is remembered on this browser.
describe("the remembered CSV kind", () => {
  it("is none at first (the export then offers «CSV для Excel (;)»), then the one last picked", () => {
    expect(readCsvDialect()).toBeNull();
    let told = 0;
    const unsubscribe = subscribeToStorage(() => told++);

    saveCsvDialect("comma");

    expect(readCsvDialect()).toBe("comma");
    expect(localStorage.getItem("csv_dialect")).toBe("comma");
    expect(told).toBe(1);
    unsubscribe();
  });

  it("ignores a value it does not know (an older or tampered entry)", () => {
    localStorage.setItem("csv_dialect", "tab");
    expect(readCsvDialect()).toBeNull();
  });
});
