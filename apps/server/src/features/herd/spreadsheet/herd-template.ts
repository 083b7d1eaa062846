import {
  HERD_FIELD_TYPE_LABELS,
  HERD_SPREADSHEET_FIELDS,
  HERD_SPREADSHEET_KIND_LABELS,
  type HerdSpreadsheetField,
  type HerdSpreadsheetKind,
} from "@nadoy/contract/herd-spreadsheet";
import ExcelJS from "exceljs";
import { INVALID, parseSheetDate, parseSheetDecimal } from "./sheet-values.ts";

// ---- The XLSX template of a kind: «Данные» (the columns and an example row) and «Пояснения» ----

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const DATE_FORMAT = "dd.mm.yyyy";

export const templateFileName = (kind: HerdSpreadsheetKind) => `Шаблон — ${HERD_SPREADSHEET_KIND_LABELS[kind]}.xlsx`;

/** The example as the cell holds it: a real date, a number, or text (a barn number stays text). */
function exampleCell(field: HerdSpreadsheetField): ExcelJS.CellValue {
  const example = field.example;
  if (example === "") return null;
  if (field.type === "date") {
    const day = parseSheetDate(example, 9999);
    return day === INVALID ? example : new Date(`${day}T00:00:00Z`);
  }
  if (field.type === "integer" || field.type === "decimal") {
    const n = parseSheetDecimal(example);
    return n === INVALID ? example : n;
  }
  return example;
}

export async function herdTemplate(kind: HerdSpreadsheetKind): Promise<Buffer> {
  const fields = HERD_SPREADSHEET_FIELDS[kind];
  const book = new ExcelJS.Workbook();
  book.creator = "Надой";

  const data = book.addWorksheet("Данные", { views: [{ state: "frozen", ySplit: 1 }] });
  data.columns = fields.map((f) => ({
    header: f.label,
    key: f.key,
    width: Math.max(14, f.label.length + 4),
    style: f.type === "date" ? { numFmt: DATE_FORMAT } : {},
  }));
  data.getRow(1).font = { bold: true };
  data.addRow(Object.fromEntries(fields.map((f) => [f.key, exampleCell(f)])));

  const notes = book.addWorksheet("Пояснения", { views: [{ state: "frozen", ySplit: 1 }] });
  notes.columns = [
    { header: "Столбец", key: "label", width: 32 },
    { header: "Обязательный", key: "required", width: 14 },
    { header: "Формат", key: "format", width: 28 },
    { header: "Пояснение", key: "hint", width: 80 },
    { header: "Пример", key: "example", width: 18 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const f of fields) {
    notes.addRow({
      label: f.label,
      required: f.required ? "да" : "нет",
      format: HERD_FIELD_TYPE_LABELS[f.type],
      hint: f.hint,
      example: f.example,
    });
  }
  notes.getColumn("hint").alignment = { wrapText: true, vertical: "top" };
  return Buffer.from(await book.xlsx.writeBuffer());
}
