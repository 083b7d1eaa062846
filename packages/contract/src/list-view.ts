import { z } from "zod";
import type { ColumnType, TagOption } from "./form-values.ts";
import { formatCell, parseNumberText } from "./list-cells.ts";

// ---- what a list grid shows: sort, filters and hidden columns ----
// One function for the grid (in the browser) and the export (on the server), so that an export
// holds exactly the rows and columns the user sees.

export const FILTER_OPS = ["contains", "equals", "gt", "lt", "empty", "not_empty"] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/** Russian names of the filter operations, for the filter menu. */
export const FILTER_OP_LABELS: Record<FilterOp, string> = {
  contains: "содержит",
  equals: "равно",
  gt: "больше",
  lt: "меньше",
  empty: "пусто",
  not_empty: "не пусто",
};

export const LIST_FILTERS_MAX = 20;

export const listFilterSchema = z.object({
  column_uuid: z.uuid(),
  op: z.enum(FILTER_OPS),
  /** Compared with the cell's text (formatCell); numbers, percents and dates compare by value for gt/lt. */
  value: z.string().max(200).default(""),
});
export type ListFilter = z.infer<typeof listFilterSchema>;

export const listViewSchema = z.object({
  sort: z
    .object({ column_uuid: z.uuid(), dir: z.enum(["asc", "desc"]) })
    .nullable()
    .default(null),
  filters: z.array(listFilterSchema).max(LIST_FILTERS_MAX).default([]),
  /** Columns the user hid; the others are shown in their order. */
  hidden_columns: z.array(z.uuid()).max(200).default([]),
});
export type ListView = z.infer<typeof listViewSchema>;
export const EMPTY_LIST_VIEW: ListView = { sort: null, filters: [], hidden_columns: [] };

export interface ViewColumn {
  uuid: string;
  type: ColumnType;
  options: readonly TagOption[];
}
export interface ViewRow {
  values: Record<string, unknown>;
}

const isNumeric = (type: ColumnType) => type === "number" || type === "percent";

function comparable(column: ViewColumn, value: unknown): number | string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (isNumeric(column.type)) return typeof value === "number" ? value : undefined;
  if (column.type === "checkbox") return value === true ? 1 : 0;
  if (column.type === "date_picker") return typeof value === "string" ? value : undefined;
  return formatCell(column, value).toLowerCase();
}

function matches(column: ViewColumn, value: unknown, filter: ListFilter): boolean {
  const text = formatCell(column, value);
  const wanted = filter.value.trim().toLowerCase();
  switch (filter.op) {
    case "empty":
      return text === "";
    case "not_empty":
      return text !== "";
    case "contains":
      return text.toLowerCase().includes(wanted);
    case "equals":
      if (isNumeric(column.type)) return typeof value === "number" && value === parseNumberText(filter.value);
      return text.toLowerCase() === wanted;
    case "gt":
    case "lt": {
      const cell = comparable(column, value);
      if (cell === undefined) return false;
      const bound = isNumeric(column.type) ? parseNumberText(filter.value) : wanted;
      if (bound === undefined || bound === "") return true;
      return filter.op === "gt" ? cell > bound : cell < bound;
    }
  }
}

/**
 * The rows the view shows, in its order: every filter must match (filters on unknown columns are
 * ignored), then the sort (empty cells last either way; ties, and no sort, keep the order `rows` came in:
 * the server sends them by their fractional `order`).
 */
export function applyListView<R extends ViewRow>(
  columns: readonly ViewColumn[],
  rows: readonly R[],
  view: ListView,
): R[] {
  const byUuid = new Map(columns.map((c) => [c.uuid, c]));
  const filters = view.filters.flatMap((f) => {
    const column = byUuid.get(f.column_uuid);
    return column ? [{ column, filter: f }] : [];
  });
  const shown = rows.filter((row) =>
    filters.every(({ column, filter }) => matches(column, row.values[column.uuid], filter)),
  );
  const sortColumn = view.sort ? byUuid.get(view.sort.column_uuid) : undefined;
  const dir = view.sort?.dir === "desc" ? -1 : 1;
  return shown.sort((a, b) => {
    if (sortColumn) {
      const va = comparable(sortColumn, a.values[sortColumn.uuid]);
      const vb = comparable(sortColumn, b.values[sortColumn.uuid]);
      if (va === undefined && vb !== undefined) return 1;
      if (vb === undefined && va !== undefined) return -1;
      if (va !== undefined && vb !== undefined && va !== vb) {
        if (typeof va === "string" && typeof vb === "string") return dir * va.localeCompare(vb, "ru");
        return dir * (va < vb ? -1 : 1);
      }
    }
    return 0;
  });
}

/** The shown columns of a view, in their order. */
export function visibleColumns<C extends { uuid: string }>(columns: readonly C[], view: ListView): C[] {
  const hidden = new Set(view.hidden_columns);
  return columns.filter((c) => !hidden.has(c.uuid));
}
