import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size.ts";

describe("formatFileSize", () => {
  it("shows bytes below a kilobyte as they are", () => {
    expect(formatFileSize(0)).toBe("0 Б");
    expect(formatFileSize(512)).toBe("512 Б");
    expect(formatFileSize(1023)).toBe("1023 Б");
  });

  it("shows kilobytes and megabytes with a decimal comma below 10 and whole numbers above", () => {
    expect(formatFileSize(1024)).toBe("1 КБ");
    expect(formatFileSize(1536)).toBe("1,5 КБ");
    expect(formatFileSize(12 * 1024)).toBe("12 КБ");
    expect(formatFileSize(12.4 * 1024)).toBe("12 КБ");
    expect(formatFileSize(1.4 * 1024 * 1024)).toBe("1,4 МБ");
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10 МБ");
    expect(formatFileSize(2.5 * 1024 * 1024 * 1024)).toBe("2,5 ГБ");
  });

  it("moves to the next unit when rounding reaches 1024", () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1 МБ");
    expect(formatFileSize(1023.6 * 1024)).toBe("1 МБ");
  });
});
