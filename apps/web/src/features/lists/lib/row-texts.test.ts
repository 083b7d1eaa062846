import { describe, expect, it } from "vitest";
import { deleteRowsQuestion, previewTitle, replaceWarning, rowsText } from "./row-texts.ts";

describe("row counts read as Russian", () => {
  it("asks to delete in the accusative: «Удалить 1 строку?»", () => {
    expect(deleteRowsQuestion(1)).toBe("Удалить 1 строку?");
    expect(deleteRowsQuestion(21)).toBe("Удалить 21 строку?");
    expect(deleteRowsQuestion(3)).toBe("Удалить 3 строки?");
    expect(deleteRowsQuestion(11)).toBe("Удалить 11 строк?");
  });

  it("titles the preview «Первая строка файла» for one row", () => {
    expect(previewTitle(1)).toBe("Первая строка файла");
    expect(previewTitle(3)).toBe("Первые 3 строки файла");
    expect(previewTitle(20)).toBe("Первые 20 строк файла");
  });

  it("warns about replacing a single row in the singular", () => {
    expect(replaceWarning(1)).toBe("Единственная строка списка будет заменена строками файла.");
    expect(replaceWarning(5)).toBe("Все 5 строк списка будут заменены строками файла.");
    expect(rowsText(2)).toBe("2 строки");
  });
});
