import type { MatrixFixture } from "./fixture.ts";
import {
  ALL_ROLES,
  EDITORS_BUT_VIEWERS,
  everyone,
  INVALID,
  MANAGERS,
  MISSING_UUID,
  members,
  type Row,
  signedIn,
} from "./types.ts";

// The list engine (company A's feedback list, made by role 3) and its public form. Reading: any
// member; rows: members but viewers (role 6); schema: roles 1–5; another company's list answers
// 404 like a missing one; the superuser sees every company's. Writes that are harmless are made for
// real with the values the list already has (same name, same row, publish the published form); the
// others get an invalid body, which every signed-in caller gets back as 400 (the per-list rule is
// checked after the input, so those rows prove only the sign-in rule); deletes act on a fresh list
// or column per caller.

const list = (fx: MatrixFixture) => ({ uuid: fx.list.uuid });
const invalid = (fx: MatrixFixture) => ({ params: list(fx), body: INVALID });
const columnOrder = async (fx: MatrixFixture) => {
  const state = await fx.su<{ columns: { uuid: string }[] }>(
    "GET",
    `/api/tableLists/lists/${fx.list.uuid}/`,
    undefined,
    200,
  );
  return state.columns.map((c) => c.uuid);
};
const freshList = async (fx: MatrixFixture) => {
  const body = { name: "Удалить", company_uuid: fx.companyA.uuid };
  const created = await fx.su<{ uuid: string }>("POST", "/api/tableLists/lists/", body, 201);
  return { params: { uuid: created.uuid } };
};
const freshColumn = async (fx: MatrixFixture) => {
  const url = `/api/tableLists/lists/${fx.list.uuid}/columns/`;
  const column = await fx.su<{ uuid: string }>("POST", url, { name: "Удалить", type: "text" }, 201);
  return { params: { uuid: column.uuid } };
};

export const listRows: Row[] = [
  { route: "GET /api/tableLists/lists/", expected: signedIn(200), note: "each caller's own catalogue" },
  {
    route: "POST /api/tableLists/lists/",
    expected: members(MANAGERS, 201),
    send: (fx) => ({ body: { name: "Новый список", company_uuid: fx.companyA.uuid } }),
    note: "a new list of company A",
  },
  {
    route: "GET /api/tableLists/lists/:uuid/",
    expected: members(ALL_ROLES, 200),
    send: (fx) => ({ params: list(fx) }),
  },
  {
    route: "PATCH /api/tableLists/lists/:uuid/",
    expected: members(MANAGERS, 200),
    send: (fx) => ({ params: list(fx), body: { name: fx.list.name } }),
  },
  { route: "DELETE /api/tableLists/lists/:uuid/", expected: members(MANAGERS, 204), send: freshList },
  {
    route: "POST /api/tableLists/lists/:uuid/columns/",
    expected: members(MANAGERS, 201),
    send: (fx, who) => ({ params: list(fx), body: { name: `Поле: ${who}`, type: "text" } }),
    note: "a new column of the caller's own name (the form does not show it)",
  },
  {
    route: "PATCH /api/tableLists/columns/:uuid/",
    expected: members(MANAGERS, 200),
    send: (fx) => ({ params: { uuid: fx.list.columnUuid }, body: { name: fx.list.columnName } }),
  },
  { route: "DELETE /api/tableLists/columns/:uuid/", expected: members(MANAGERS, 204), send: freshColumn },
  {
    route: "PUT /api/tableLists/lists/:uuid/columns/order/",
    expected: members(MANAGERS, 200),
    send: async (fx) => ({ params: list(fx), body: await columnOrder(fx) }),
    note: "the order the columns already have",
  },
  {
    route: "POST /api/tableLists/lists/:uuid/rows/",
    expected: members(EDITORS_BUT_VIEWERS, 201),
    send: (fx) => ({ params: list(fx), body: { values: {} } }),
    note: "an empty row at the end",
  },
  {
    route: "PATCH /api/tableLists/rows/:uuid/",
    expected: members(EDITORS_BUT_VIEWERS, 200),
    send: (fx) => ({ params: { uuid: fx.list.rowUuid }, body: { values: {} } }),
  },
  {
    route: "POST /api/tableLists/rows/:uuid/move/",
    expected: members(EDITORS_BUT_VIEWERS, 200),
    send: (fx) => ({ params: { uuid: fx.list.rowUuid }, body: { after_uuid: null } }),
  },
  {
    route: "POST /api/tableLists/lists/:uuid/rows/delete/",
    expected: members(EDITORS_BUT_VIEWERS, 200),
    send: (fx) => ({ params: list(fx), body: { uuids: [MISSING_UUID] } }),
    note: "a uuid no row has: allowed callers delete nothing",
  },
  {
    route: "GET /api/tableLists/lists/:uuid/export/",
    expected: members(ALL_ROLES, 200),
    send: (fx) => ({ params: list(fx), query: { format: "csv" } }),
  },
  {
    route: "POST /api/tableLists/lists/:uuid/import/",
    expected: members(EDITORS_BUT_VIEWERS, 200),
    send: (fx) => ({
      params: list(fx),
      query: { format: "csv", mode: "preview" },
      raw: { payload: "Сообщение\nПривет\n", contentType: "text/csv" },
    }),
    note: "a preview: nothing is written",
  },
  {
    route: "GET /api/tableLists/lists/:uuid/form/",
    expected: members(ALL_ROLES, 200),
    send: (fx) => ({ params: list(fx) }),
  },
  { route: "PUT /api/tableLists/lists/:uuid/form/", expected: signedIn(400), send: invalid },
  {
    route: "POST /api/tableLists/lists/:uuid/form/publish/",
    expected: members(MANAGERS, 200),
    send: (fx) => ({ params: list(fx), body: { published: true } }),
  },
  {
    route: "GET /api/tableLists/form_data/",
    expected: everyone(200),
    send: (fx) => ({ query: { uuid_link: fx.list.formLink } }),
  },
  {
    route: "GET /api/tableLists/tags/",
    expected: everyone(200),
    send: (fx) => ({ query: { column_uuid: fx.list.tagColumnUuid } }),
  },
  { route: "POST /api/tableLists/link_uuid_form/", expected: everyone(400), send: () => ({ body: INVALID }) },
];
