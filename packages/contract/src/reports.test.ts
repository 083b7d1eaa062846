import { describe, expect, it } from "vitest";
import { reportTagName } from "./reports.ts";

describe("report tag names (what the menu and the report pages show)", () => {
  it("names a known business product in Russian, not by its key", () => {
    expect(reportTagName("business_milk")).toBe("Бизнес: молоко");
    expect(reportTagName("business_cottage_cheese")).toBe("Бизнес: творог");
  });

  it("keeps an unlisted product's key, names the fixed tags", () => {
    expect(reportTagName("business_feed_2026")).toBe("Бизнес: feed_2026");
    expect(reportTagName("custom_reports")).toBe("Индивидуальные отчёты");
  });
});
