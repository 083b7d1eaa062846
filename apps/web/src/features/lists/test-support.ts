import type { ListColumn, ListDetail, ListRow, ListSummary } from "@nadoy/contract/lists";
import { fireEvent, screen, within } from "@testing-library/react";
import { userDataFixture } from "../../test/fixtures.ts";
import { mockSignedIn } from "../../test/signed-in.ts";

// Lists, rows and a mocked server for the list engine's component tests.

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const LIST_UUID = uuid(1);
export const COMPANY = { uuid: "00000000-0000-4000-8000-0000000000c1", name: "АО Молочный край" };

export const col = {
  name: uuid(101),
  milk: uuid(102),
  fat: uuid(103),
  date: uuid(104),
  ok: uuid(105),
  tags: uuid(106),
  group: uuid(107),
  phone: uuid(108),
  ref: uuid(109),
};
export const rowId = { zorka: uuid(201), belka: uuid(202), nochka: uuid(203) };

export const REPAIR = { name: "Ремонт", color: "#f5222d" };
export const DRY = { name: "Сухостой", color: "#1677ff" };
export const MILKING = { name: "Дойная", color: "#52c41a" };

export const COLUMNS: ListColumn[] = [
  { uuid: col.name, name: "Кличка", type: "text", order: 0, options: [], percent_over_100: false },
  { uuid: col.milk, name: "Надой", type: "number", order: 1, options: [], percent_over_100: false },
  { uuid: col.fat, name: "Жирность", type: "percent", order: 2, options: [], percent_over_100: false },
  { uuid: col.date, name: "Дата отёла", type: "date_picker", order: 3, options: [], percent_over_100: false },
  { uuid: col.ok, name: "Здорова", type: "checkbox", order: 4, options: [], percent_over_100: false },
  { uuid: col.tags, name: "Метки", type: "tag", order: 5, options: [REPAIR, DRY], percent_over_100: false },
  { uuid: col.group, name: "Группа", type: "select", order: 6, options: [MILKING], percent_over_100: false },
  { uuid: col.phone, name: "Телефон", type: "telephone", order: 7, options: [], percent_over_100: false },
  { uuid: col.ref, name: "Карточка", type: "ref", order: 8, options: [], percent_over_100: false },
];

export function rowFixture(id: string, order: string, values: ListRow["values"]): ListRow {
  return {
    uuid: id,
    order,
    values,
    created_at: "2026-01-10T09:00:00.000Z",
    updated_at: "2026-01-10T09:00:00.000Z",
    created_by: "Иван Петров",
    updated_by: null,
  };
}

export const ROWS: ListRow[] = [
  rowFixture(rowId.zorka, "1", {
    [col.name]: "Зорька",
    [col.milk]: 1234.5,
    [col.fat]: 3.6,
    [col.date]: "2025-03-08",
    [col.ok]: true,
    [col.tags]: [REPAIR],
    [col.group]: MILKING,
    [col.phone]: "+79161234567",
    [col.ref]: "https://example.ru/cows/1",
  }),
  rowFixture(rowId.belka, "2", { [col.name]: "Белка", [col.milk]: 20, [col.fat]: 4.1, [col.ok]: false }),
  rowFixture(rowId.nochka, "3", { [col.name]: "Ночка", [col.milk]: 31.2 }),
];

export function listFixture(overrides: Partial<ListDetail> = {}): ListDetail {
  return {
    uuid: LIST_UUID,
    name: "Коровы на контроле",
    kind: "list",
    company: COMPANY,
    row_count: ROWS.length,
    column_count: COLUMNS.length,
    form_link: null,
    created_by: "Иван Петров",
    updated_at: "2026-01-10T09:00:00.000Z",
    can_edit_rows: true,
    can_manage: true,
    columns: COLUMNS,
    rows: ROWS,
    ...overrides,
  };
}

export function summaryOf(list: ListDetail): ListSummary {
  const { can_edit_rows: _e, can_manage: _m, columns: _c, rows: _r, ...summary } = list;
  return summary;
}

type Handlers = NonNullable<Parameters<typeof mockSignedIn>[1]>;

/** A signed-in user with both list flags, the list at GET, and `extra` routes. */
export function serveList(list: ListDetail = listFixture(), extra: Handlers = {}, groups = [3]) {
  return mockSignedIn(
    userDataFixture({
      groups,
      table_lists: true,
      tables_enabled: true,
      user_companies: [COMPANY],
    }),
    { [`GET /api/tableLists/lists/${list.uuid}/`]: { status: 200, body: list }, ...extra },
  );
}

// ---- reading the grid ----

/** The grid (the table whose header has the list's first column). */
export function grid(): HTMLElement {
  const header = screen.getAllByRole("columnheader", { name: /Кличка/ })[0];
  const table = header?.closest("table");
  if (!table) throw new Error("no grid");
  return table;
}

/** Names (first data column) of the grid's rows, top to bottom. */
export function shownNames(): string[] {
  const index = columnIndex("Кличка");
  return within(grid())
    .getAllByRole("row")
    .slice(1)
    .map((row) => row.querySelectorAll("td")[index]?.textContent ?? "");
}

export function columnIndex(name: string): number {
  const headers = within(grid()).getAllByRole("columnheader");
  const index = headers.findIndex((h) => h.textContent?.trim() === name);
  if (index < 0) throw new Error(`no column ${name}`);
  return index;
}

/** The grid row whose text contains `name`. */
export function rowOf(name: string): HTMLElement {
  const row = within(grid())
    .getAllByRole("row")
    .find((r) => r.textContent?.includes(name));
  if (!row) throw new Error(`no row ${name}`);
  return row;
}

export function cellOf(rowName: string, columnName: string): HTMLElement {
  const cell = rowOf(rowName).querySelectorAll("td")[columnIndex(columnName)];
  if (!(cell instanceof HTMLElement)) throw new Error(`no cell ${rowName}/${columnName}`);
  return cell;
}

/** Opens an antd Select and clicks the option whose text is `text`. */
export function pickOption(select: HTMLElement, text: string) {
  fireEvent.mouseDown(select);
  const option = [...document.querySelectorAll<HTMLElement>(".ant-select-item-option")].find(
    (o) => o.textContent === text,
  );
  if (!option) throw new Error(`no option ${text}`);
  fireEvent.click(option);
}

/**
 * The element labelled `label` inside `element` (by aria-label: role queries inside a whole grid
 * row compute every cell's accessible name and are far too slow in jsdom).
 */
export function labelledIn(element: HTMLElement, label: string): HTMLElement {
  const found = element.querySelector<HTMLElement>(`[aria-label="${label}"]`);
  if (!found) throw new Error(`nothing labelled ${label}`);
  return found;
}
