import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COLUMN_TYPES, type StoredValue, type TagOption } from "./form-values.ts";
import { formatCell, parseNumberText } from "./list-cells.ts";
import {
  applyListView,
  EMPTY_LIST_VIEW,
  FILTER_OPS,
  type FilterOp,
  type ListFilter,
  type ListView,
  listViewSchema,
  type ViewColumn,
  visibleColumns,
} from "./list-view.ts";

// ---- examples ----

const TAGS: TagOption[] = [
  { name: "Кормление", color: "green" },
  { name: "Доение", color: "blue" },
];
const U = {
  text: "00000000-0000-4000-8000-000000000001",
  number: "00000000-0000-4000-8000-000000000002",
  date: "00000000-0000-4000-8000-000000000003",
  tag: "00000000-0000-4000-8000-000000000004",
  checkbox: "00000000-0000-4000-8000-000000000005",
  percent: "00000000-0000-4000-8000-000000000006",
  unknown: "00000000-0000-4000-8000-0000000000ff",
} as const;
const COLUMNS: ViewColumn[] = [
  { uuid: U.text, type: "text", options: [] },
  { uuid: U.number, type: "number", options: [] },
  { uuid: U.date, type: "date_picker", options: [] },
  { uuid: U.tag, type: "tag", options: TAGS },
  { uuid: U.checkbox, type: "checkbox", options: [] },
  { uuid: U.percent, type: "percent", options: [] },
];

interface Row {
  id: string;
  values: Record<string, unknown>;
}
const ROWS: Row[] = [
  {
    id: "a",
    values: {
      [U.text]: "Корова Зорька",
      [U.number]: 10,
      [U.date]: "2025-03-01",
      [U.tag]: [TAGS[1]],
      [U.checkbox]: true,
    },
  },
  {
    id: "b",
    values: { [U.text]: "бык", [U.number]: -2.5, [U.date]: "2024-12-31", [U.tag]: TAGS, [U.checkbox]: false },
  },
  { id: "c", values: { [U.text]: "", [U.number]: "", [U.date]: "", [U.tag]: "", [U.checkbox]: "" } },
  { id: "d", values: { [U.text]: "Ангус", [U.number]: 1234.5, [U.date]: "2025-03-01", [U.tag]: [TAGS[0]] } },
  { id: "e", values: { [U.text]: " ", [U.number]: 10, [U.percent]: 12.5, [U.checkbox]: false } },
];

const view = (over: Partial<ListView>): ListView => ({ ...EMPTY_LIST_VIEW, ...over });
const filter = (column_uuid: string, op: FilterOp, value = ""): ListFilter => ({ column_uuid, op, value });
const ids = (v: ListView, rows: readonly Row[] = ROWS) => applyListView(COLUMNS, rows, v).map((r) => r.id);
const filtered = (...filters: ListFilter[]) => ids(view({ filters }));
const sorted = (column_uuid: string, dir: "asc" | "desc") => ids(view({ sort: { column_uuid, dir } }));

describe("applyListView: filters", () => {
  it("with no filters and no sort returns every row in input order, as a new array", () => {
    const out = applyListView(COLUMNS, ROWS, EMPTY_LIST_VIEW);
    expect(out).toEqual(ROWS);
    expect(out).not.toBe(ROWS);
    expect(out[0]).toBe(ROWS[0]);
  });

  it.each<[string, FilterOp, string, string[]]>([
    ["text contains, case-insensitive and trimmed", "contains", "  КОР ", ["a"]],
    ["text contains an empty value matches all", "contains", "", ["a", "b", "c", "d", "e"]],
    ["text equals, case-insensitive", "equals", "БЫК", ["b"]],
    ["text empty (a space is not empty)", "empty", "", ["c"]],
    ["text not_empty", "not_empty", "", ["a", "b", "d", "e"]],
    ["text gt (by character codes)", "gt", "б", ["a", "b"]],
    ["text lt", "lt", "б", ["d", "e"]],
  ])("%s", (_, op, value, expected) => expect(filtered(filter(U.text, op, value))).toEqual(expected));

  it.each<[string, FilterOp, string, string[]]>([
    ["number equals, Russian format", "equals", "1 234,5", ["d"]],
    ["number equals", "equals", "10", ["a", "e"]],
    ["number equals an empty value matches nothing", "equals", "", []],
    ["number gt", "gt", "0", ["a", "d", "e"]],
    ["number gt with a comma", "gt", "10,5", ["d"]],
    ["number lt", "lt", "10", ["b"]],
    ["number gt with no bound matches every non-empty cell", "gt", "", ["a", "b", "d", "e"]],
    ["number gt with an unreadable bound matches every non-empty cell", "gt", "много", ["a", "b", "d", "e"]],
    ["number contains (on the text)", "contains", "23", ["d"]],
    ["number empty", "empty", "", ["c"]],
    ["number not_empty", "not_empty", "", ["a", "b", "d", "e"]],
  ])("%s", (_, op, value, expected) => expect(filtered(filter(U.number, op, value))).toEqual(expected));

  it.each<[string, FilterOp, string, string[]]>([
    ["date equals", "equals", "2025-03-01", ["a", "d"]],
    ["date gt", "gt", "2025-01-01", ["a", "d"]],
    ["date lt", "lt", "2025-01-01", ["b"]],
    ["date contains a year", "contains", "2024", ["b"]],
    ["date empty (missing counts as empty)", "empty", "", ["c", "e"]],
    ["date not_empty", "not_empty", "", ["a", "b", "d"]],
  ])("%s", (_, op, value, expected) => expect(filtered(filter(U.date, op, value))).toEqual(expected));

  it.each<[string, FilterOp, string, string[]]>([
    ["tag contains one name", "contains", "дОен", ["a", "b"]],
    ["tag equals the whole set's text", "equals", "кормление; доение", ["b"]],
    ["tag equals one name", "equals", "Доение", ["a"]],
    ["tag empty", "empty", "", ["c", "e"]],
    ["tag not_empty", "not_empty", "", ["a", "b", "d"]],
  ])("%s", (_, op, value, expected) => expect(filtered(filter(U.tag, op, value))).toEqual(expected));

  it.each<[string, FilterOp, string, string[]]>([
    ["checkbox equals да", "equals", "да", ["a"]],
    ["checkbox equals нет (false is a value, not empty)", "equals", "НЕТ", ["b", "e"]],
    ["checkbox empty", "empty", "", ["c", "d"]],
    ["checkbox not_empty", "not_empty", "", ["a", "b", "e"]],
  ])("%s", (_, op, value, expected) => expect(filtered(filter(U.checkbox, op, value))).toEqual(expected));

  it("percent compares by value", () => {
    expect(filtered(filter(U.percent, "gt", "12"))).toEqual(["e"]);
    expect(filtered(filter(U.percent, "equals", "12,5"))).toEqual(["e"]);
    expect(filtered(filter(U.percent, "lt", "12"))).toEqual([]);
  });

  it("every filter must match", () => {
    expect(filtered(filter(U.number, "equals", "10"), filter(U.checkbox, "equals", "нет"))).toEqual(["e"]);
    expect(filtered(filter(U.number, "gt", "0"), filter(U.date, "equals", "2025-03-01"))).toEqual(["a", "d"]);
    expect(filtered(filter(U.number, "gt", "100"), filter(U.number, "lt", "0"))).toEqual([]);
  });

  it("ignores a filter on a column the list does not have", () => {
    expect(filtered(filter(U.unknown, "equals", "x"))).toEqual(["a", "b", "c", "d", "e"]);
    expect(filtered(filter(U.unknown, "empty"), filter(U.text, "equals", "бык"))).toEqual(["b"]);
  });
});

describe("applyListView: sort", () => {
  it.each<[keyof typeof U, "asc" | "desc", string[]]>([
    ["number", "asc", ["b", "a", "e", "d", "c"]],
    ["number", "desc", ["d", "a", "e", "b", "c"]],
    ["date", "asc", ["b", "a", "d", "c", "e"]],
    ["date", "desc", ["a", "d", "b", "c", "e"]],
    ["text", "asc", ["e", "d", "b", "a", "c"]],
    ["text", "desc", ["a", "b", "d", "e", "c"]],
    ["checkbox", "asc", ["b", "e", "a", "c", "d"]],
    ["checkbox", "desc", ["a", "b", "e", "c", "d"]],
    ["tag", "asc", ["a", "d", "b", "c", "e"]],
    ["tag", "desc", ["b", "d", "a", "c", "e"]],
  ])("sorts by %s %s: empties last, ties in input order", (column, dir, expected) => {
    expect(sorted(U[column], dir)).toEqual(expected);
  });

  it("keeps input order when the sort column is unknown", () => {
    expect(sorted(U.unknown, "desc")).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("sorts text in Russian collation, ignoring case: Cyrillic before Latin, ё sorted as е", () => {
    const rows = ["яблоко", "Ёж", "арбуз", "Банан", "ель", "Zebra", "apple"].map((t, i) => ({
      id: String(i),
      values: { [U.text]: t },
    }));
    const names = (dir: "asc" | "desc") =>
      applyListView(COLUMNS, rows, view({ sort: { column_uuid: U.text, dir } })).map((r) => r.values[U.text]);
    expect(names("asc")).toEqual(["арбуз", "Банан", "Ёж", "ель", "яблоко", "apple", "Zebra"]);
    expect(names("desc")).toEqual(["Zebra", "apple", "яблоко", "ель", "Ёж", "Банан", "арбуз"]);
  });

  it("filters, then sorts", () => {
    expect(
      ids(view({ filters: [filter(U.number, "not_empty")], sort: { column_uuid: U.number, dir: "desc" } })),
    ).toEqual(["d", "a", "e", "b"]);
  });
});

describe("visibleColumns", () => {
  it("leaves out hidden columns and keeps the order of the others", () => {
    const shown = visibleColumns(COLUMNS, view({ hidden_columns: [U.date, U.text, U.unknown] }));
    expect(shown.map((c) => c.uuid)).toEqual([U.number, U.tag, U.checkbox, U.percent]);
    expect(shown[0]).toBe(COLUMNS[1]);
  });

  it("shows everything with no hidden columns", () => {
    expect(visibleColumns(COLUMNS, EMPTY_LIST_VIEW)).toEqual(COLUMNS);
  });

  it("is a subsequence of the columns without any hidden one (property)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.uuid(), { maxLength: 8 }),
        fc.array(fc.uuid(), { maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (uuids, strangers, picks) => {
          const columns = uuids.map((uuid) => ({ uuid, extra: uuid.length }));
          const hidden = [...picks.flatMap((p) => (uuids.length ? [uuids[p % uuids.length] ?? ""] : [])), ...strangers];
          const shown = visibleColumns(columns, view({ hidden_columns: hidden }));
          expect(shown).toEqual(columns.filter((c) => !hidden.includes(c.uuid)));
        },
      ),
    );
  });
});

describe("the shared view schema", () => {
  it("fills defaults for an empty view", () => {
    expect(listViewSchema.parse({})).toEqual(EMPTY_LIST_VIEW);
  });
});

// ---- properties over generated lists ----

const optionsArb = fc.uniqueArray(
  fc.record({
    name: fc.string({ minLength: 1, maxLength: 6 }).filter((n) => n.trim() === n && !n.includes(";")),
    color: fc.constant("red"),
  }),
  { minLength: 1, maxLength: 4, selector: (o) => o.name },
);
const columnsArb: fc.Arbitrary<ViewColumn[]> = fc.uniqueArray(
  fc.record({ uuid: fc.uuid(), type: fc.constantFrom(...COLUMN_TYPES), options: optionsArb }),
  { minLength: 1, maxLength: 5, selector: (c) => c.uuid },
);

/** A valid stored value of the column (small domains, so that equal values and ties are common). */
function storedArb(column: ViewColumn): fc.Arbitrary<StoredValue> {
  switch (column.type) {
    case "checkbox":
      return fc.boolean();
    case "number":
    case "percent":
      return fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case "date_picker":
      return fc.constantFrom("2024-02-29", "2025-01-01", "2025-03-01", "1999-12-31");
    case "telephone":
      return fc.constantFrom("+79161234567", "+4420794609", "+10000000");
    case "text":
    case "ref":
      return fc.oneof(fc.constantFrom("Корова", "корова", "бык", "Ёж", " ", "a b"), fc.string({ maxLength: 5 }));
    case "select":
      return fc.constantFrom(...column.options);
    case "tag":
      return fc.shuffledSubarray([...column.options], { minLength: 1 });
  }
}
/** A cell of a row: a stored value, or empty in one of the ways a row can hold it. */
const cellArb = (column: ViewColumn) =>
  fc.oneof({ weight: 3, arbitrary: storedArb(column) }, fc.constantFrom<unknown>("", null, undefined));

const rowsArb = (columns: readonly ViewColumn[]) =>
  fc.array(fc.tuple(...columns.map(cellArb)), { maxLength: 12 }).map((cells) =>
    cells.map(
      (row, i): Row => ({
        id: `r${i}`,
        values: Object.fromEntries(columns.flatMap((c, j) => (row[j] === undefined ? [] : [[c.uuid, row[j]]]))),
      }),
    ),
  );

const filterArb = (columns: readonly ViewColumn[], rows: readonly Row[]) =>
  fc.record({
    column_uuid: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...columns.map((c) => c.uuid)) }, fc.uuid()),
    op: fc.constantFrom(...FILTER_OPS),
    value: fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.constantFrom("", "0", "1,5", "-2", "2025-01-01", "да", "нет", "корова"),
      // the text of some cell, so that equals and contains often hit
      ...(rows.length > 0
        ? [
            fc
              .tuple(fc.constantFrom(...rows), fc.constantFrom(...columns))
              .map(([row, column]) => formatCell(column, row.values[column.uuid])),
          ]
        : []),
    ),
  });

const listArb = columnsArb.chain((columns) =>
  rowsArb(columns).chain((rows) =>
    fc.record({
      columns: fc.constant(columns),
      rows: fc.constant(rows),
      filters: fc.array(filterArb(columns, rows), { maxLength: 3 }),
      sort: fc.option(
        fc.record({
          column_uuid: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...columns.map((c) => c.uuid)) }, fc.uuid()),
          dir: fc.constantFrom<"asc" | "desc">("asc", "desc"),
        }),
      ),
    }),
  ),
);

const isEmptyCell = (v: unknown) => v === undefined || v === null || v === "";

/** What a filter means, written out independently of list-view.ts for valid stored values. */
function expectedMatch(column: ViewColumn, value: unknown, f: ListFilter): boolean | "unspecified" {
  const text = formatCell(column, value);
  const wanted = f.value.trim().toLowerCase();
  const numeric = column.type === "number" || column.type === "percent";
  switch (f.op) {
    case "empty":
      return isEmptyCell(value);
    case "not_empty":
      return !isEmptyCell(value);
    case "contains":
      return text.toLowerCase().includes(wanted);
    case "equals":
      return numeric ? typeof value === "number" && value === parseNumberText(f.value) : text.toLowerCase() === wanted;
    case "gt":
    case "lt": {
      if (isEmptyCell(value)) return false;
      if (numeric) {
        const bound = parseNumberText(f.value);
        if (bound === undefined) return true;
        return f.op === "gt" ? (value as number) > bound : (value as number) < bound;
      }
      if (column.type === "date_picker") {
        if (wanted === "") return true;
        return f.op === "gt" ? (value as string) > wanted : (value as string) < wanted;
      }
      return "unspecified";
    }
  }
}

/** The sort key of a non-empty cell and how two keys compare. */
function sortKey(column: ViewColumn, value: unknown): number | string {
  if (column.type === "number" || column.type === "percent") return value as number;
  if (column.type === "checkbox") return value === true ? 1 : 0;
  if (column.type === "date_picker") return value as string;
  return formatCell(column, value).toLowerCase();
}
const compareKeys = (a: number | string, b: number | string) =>
  typeof a === "string" && typeof b === "string"
    ? a === b
      ? 0
      : a.localeCompare(b, "ru")
    : Math.sign((a as number) - (b as number));

describe("applyListView: properties", () => {
  it("shows exactly the input rows that match every filter, in input order when not sorted", () => {
    fc.assert(
      fc.property(listArb, ({ columns, rows, filters }) => {
        const out = applyListView(columns, rows, view({ filters }));
        const byUuid = new Map(columns.map((c) => [c.uuid, c]));
        // The result is the subsequence of the input made of rows that every single filter keeps.
        const keptByEach = (row: Row) =>
          filters.every((f) => applyListView(columns, [row], view({ filters: [f] })).length === 1);
        expect(out).toEqual(rows.filter(keptByEach));
        for (const row of out) expect(rows).toContain(row);
        // And each filter keeps what it means to keep (where the meaning is pinned down).
        for (const row of rows) {
          for (const f of filters) {
            const column = byUuid.get(f.column_uuid);
            if (!column) continue;
            const expected = expectedMatch(column, row.values[column.uuid], f);
            if (expected === "unspecified") continue;
            expect(applyListView(columns, [row], view({ filters: [f] })).length === 1).toBe(expected);
          }
        }
      }),
    );
  });

  it("sorting reorders the filtered rows: empties last either way, keys in order, ties in input order", () => {
    fc.assert(
      fc.property(listArb, ({ columns, rows, filters, sort }) => {
        const unsorted = applyListView(columns, rows, view({ filters }));
        const out = applyListView(columns, rows, view({ filters, sort }));
        const column = sort ? columns.find((c) => c.uuid === sort.column_uuid) : undefined;
        if (!sort || !column) {
          expect(out).toEqual(unsorted);
          return;
        }
        expect([...out].sort(byId)).toEqual([...unsorted].sort(byId));
        const empty = out.map((r) => isEmptyCell(r.values[column.uuid]));
        const firstEmpty = empty.indexOf(true);
        if (firstEmpty >= 0) expect(empty.slice(firstEmpty).every(Boolean)).toBe(true);
        const position = new Map(rows.map((r, i) => [r, i]));
        const dir = sort.dir === "desc" ? -1 : 1;
        for (let i = 1; i < out.length; i++) {
          const [prev, next] = [out[i - 1] as Row, out[i] as Row];
          const [pe, ne] = [empty[i - 1], empty[i]];
          if (pe !== ne) continue;
          const order = pe
            ? 0
            : dir * compareKeys(sortKey(column, prev.values[column.uuid]), sortKey(column, next.values[column.uuid]));
          expect(order).toBeLessThanOrEqual(0);
          if (order === 0) expect(position.get(prev)).toBeLessThan(position.get(next) ?? -1);
        }
      }),
    );
  });
});

const byId = (a: Row, b: Row) => Number(a.id.slice(1)) - Number(b.id.slice(1));
