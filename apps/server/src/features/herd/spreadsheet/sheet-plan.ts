import {
  HERD_SPREADSHEET_COLUMNS_MAX,
  HERD_SPREADSHEET_FIELDS,
  type HerdColumnMapping,
  type HerdSpreadsheetField,
  type HerdSpreadsheetKind,
} from "@nadoy/contract/herd-spreadsheet";
import { SheetRefusal } from "./sheet-rows.ts";
import { type Cell, cellText } from "./sheet-values.ts";

// ---- The first row's columns and the mapping → where each field sits ----

/** A column the first row names: its cell index and its (unique) name. */
export interface SheetColumn {
  index: number;
  name: string;
}

const NAME_CHARS_MAX = 200;

export const tooManyColumnsText = (line: number) =>
  `Строка ${line}: в таблице больше ${HERD_SPREADSHEET_COLUMNS_MAX} столбцов — оставьте только нужные.`;

/**
 * The header row's columns: names trimmed (and cut to 200 characters); a column without a name is
 * not read; a name met again gets « (2)», « (3)»… so that each column can be mapped on its own.
 */
export function headerColumns(cells: readonly Cell[], line: number): SheetColumn[] {
  const columns: SheetColumn[] = [];
  const seen = new Set<string>();
  cells.forEach((cell, index) => {
    const text = cellText(cell).replace(/\s+/g, " ").slice(0, NAME_CHARS_MAX);
    if (text === "") return;
    let name = text;
    for (let n = 2; seen.has(name); n++) name = `${text.slice(0, NAME_CHARS_MAX - 6)} (${n})`;
    seen.add(name);
    columns.push({ index, name });
  });
  if (columns.length > HERD_SPREADSHEET_COLUMNS_MAX) throw new SheetRefusal(tooManyColumnsText(line), line);
  return columns;
}

/** Where the kind's fields sit: field key → column; and the columns kept as attributes. */
export interface SheetPlan {
  kind: HerdSpreadsheetKind;
  fields: Map<string, { column: SheetColumn; field: HerdSpreadsheetField }>;
  kept: SheetColumn[];
}

/** The plan of a (checked) mapping over the file's columns; a column the mapping lacks is kept. */
export function planSheet(kind: HerdSpreadsheetKind, columns: SheetColumn[], mapping: HerdColumnMapping): SheetPlan {
  const byKey = new Map(HERD_SPREADSHEET_FIELDS[kind].map((f) => [f.key, f]));
  const fields: SheetPlan["fields"] = new Map();
  const kept: SheetColumn[] = [];
  for (const column of columns) {
    const key = mapping[column.name] ?? null;
    const field = key === null ? undefined : byKey.get(key);
    if (field && !fields.has(field.key)) fields.set(field.key, { column, field });
    else kept.push(column);
  }
  return { kind, fields, kept };
}
