import { describe, expect, it } from "vitest";
import {
  ATTACHMENT_BYTES_MAX,
  ATTACHMENT_SIZE_TEXT,
  ATTACHMENT_TYPE_TEXT,
  attachmentExtension,
  attachmentProblem,
} from "./attachments.ts";

describe("attachment rules", () => {
  it("knows an allowed extension whatever its case, and nothing else", () => {
    expect(attachmentExtension("Надои за ноябрь.XLSX")).toBe("xlsx");
    expect(attachmentExtension("фото.jpeg")).toBe("jpeg");
    expect(attachmentExtension("архив.tar.gz")).toBeNull();
    expect(attachmentExtension("программа.exe")).toBeNull();
    expect(attachmentExtension(".pdf")).toBeNull();
    expect(attachmentExtension("без-расширения")).toBeNull();
    expect(attachmentExtension("точка.")).toBeNull();
    expect(attachmentExtension("x.constructor")).toBeNull();
  });

  it("refuses a wrong type before a size, and a size just over the limit", () => {
    expect(attachmentProblem({ name: "отчёт.pdf", size: ATTACHMENT_BYTES_MAX })).toBeNull();
    expect(attachmentProblem({ name: "отчёт.pdf", size: ATTACHMENT_BYTES_MAX + 1 })).toBe(ATTACHMENT_SIZE_TEXT);
    expect(attachmentProblem({ name: "вирус.exe", size: ATTACHMENT_BYTES_MAX + 1 })).toBe(ATTACHMENT_TYPE_TEXT);
  });
});
