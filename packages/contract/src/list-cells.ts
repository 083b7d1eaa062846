import { type ColumnType, checkType, FormValueText, type StoredValue, type TagOption } from "./form-values.ts";

// ---- a list cell as text: what the grid shows, CSV/XLSX export writes and import reads back ----
// formatCell and parseCell are inverse for every valid stored value, so that a file exported from
// a list re-imports into it unchanged.

export interface CellColumn {
  type: ColumnType;
  options: readonly TagOption[];
  /** Percent columns: values above PERCENT_MAX are taken (form-values.ts checkType). */
  percent_over_100?: boolean;
}

export const CHECKBOX_TRUE = "да";
export const CHECKBOX_FALSE = "нет";
/** Between tag names in one cell. */
export const TAG_SEPARATOR = "; ";

const isTag = (v: unknown): v is TagOption =>
  typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as TagOption).name === "string";

/** The text of a stored value ("" for an empty cell). Numbers keep a dot: 12.5 → "12.5". */
export function formatCell(column: CellColumn, value: unknown): string {
  if (value === undefined || value === null || value === "") return "";
  switch (column.type) {
    case "checkbox":
      return value === true ? CHECKBOX_TRUE : value === false ? CHECKBOX_FALSE : "";
    case "number":
    case "percent":
      return typeof value === "number" ? String(value) : "";
    case "select":
      return isTag(value) ? value.name : "";
    case "tag":
      return Array.isArray(value)
        ? value
            .filter(isTag)
            .map((t) => t.name)
            .join(TAG_SEPARATOR)
        : "";
    default:
      return typeof value === "string" ? value : "";
  }
}

export type ParsedCell = { ok: true; value: StoredValue } | { ok: false; error: string };

const TRUE_WORDS = new Set([CHECKBOX_TRUE, "true", "1", "yes", "д", "+"]);
const FALSE_WORDS = new Set([CHECKBOX_FALSE, "false", "0", "no", "н", "-"]);

/** "1 234,5" / "1234.5" / "-3" → a finite number, or undefined. */
export function parseNumberText(text: string): number | undefined {
  const clean = text.replace(/[\s\u00a0%]/g, "").replace(",", ".");
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(clean)) return undefined;
  const n = Number(clean);
  return Number.isFinite(n) ? n : undefined;
}

function findByName(options: readonly TagOption[], name: string): TagOption | undefined {
  return options.find((o) => o.name === name) ?? options.find((o) => o.name.toLowerCase() === name.toLowerCase());
}

/**
 * A cell's text (from a CSV or XLSX file, or a filter) → its stored value, checked by the column's
 * type rule. "" is an empty cell. Dates are DD.MM.YYYY or YYYY-MM-DD (an ISO date-time keeps its date);
 * checkboxes да/нет, true/false, 1/0.
 */
export function parseCell(column: CellColumn, raw: string): ParsedCell {
  const text = raw.trim();
  if (text === "") return { ok: true, value: "" };
  switch (column.type) {
    case "checkbox": {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return { ok: true, value: true };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false };
      return checkType(column, text);
    }
    case "number":
    case "percent": {
      const n = parseNumberText(text);
      return checkType(column, n ?? text);
    }
    case "date_picker": {
      const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
      // An ISO date-time (XLSX date cells are read that way) keeps its date part.
      const iso = ru ? `${ru[3]}-${ru[2]}-${ru[1]}` : /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(text) ? text.slice(0, 10) : text;
      const checked = checkType(column, iso);
      // Text is read in either form: the refusal says so (a stored value's says only ГГГГ-ММ-ДД).
      return checked.ok ? checked : { ok: false, error: FormValueText.dateText };
    }
    case "select": {
      const option = findByName(column.options, text);
      return checkType(column, option ?? text);
    }
    case "tag": {
      const names = text
        .split(";")
        .map((n) => n.trim())
        .filter((n) => n !== "");
      const picked = names.map((n) => findByName(column.options, n));
      if (picked.some((p) => p === undefined)) return checkType(column, [text]);
      return checkType(column, picked);
    }
    default:
      // Text keeps its inner and outer spaces as typed; only the emptiness test trims.
      return checkType(column, raw);
  }
}
