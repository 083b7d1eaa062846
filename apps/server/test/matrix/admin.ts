import { seedUser } from "../../src/db/seed/users.ts";
import type { MatrixFixture } from "./fixture.ts";
import { admins, INVALID, type Row } from "./types.ts";

// The admin area: users, roles, audit log, businesses (companies, farms, databases, DTM entries),
// usage and data analytics, the reports catalogue and iframe groups. Superusers and role 1 only,
// whatever the company: the admin area is company-agnostic, so the other-company caller (role 3) is
// one more non-admin (403). Deletes and the password mail act on a fresh entity per caller.

const WEEK = { from: "2026-01-01", to: "2026-01-07" };

let fresh = 0;
const freshUser = async (fx: MatrixFixture) => {
  fresh += 1;
  const user = await seedUser(fx.t.database.db, { username: `matrix_target${fresh}`, email: `t${fresh}@example.com` });
  return { params: { id: user.id } };
};
const freshCompany = async (fx: MatrixFixture) => {
  const company = await fx.su<{ uuid: string }>("POST", "/api/admin/businesses/", { name: `Удалить ${++fresh}` }, 201);
  return { params: { uuid: company.uuid } };
};
const freshFarm = async (fx: MatrixFixture) => {
  const url = `/api/admin/businesses/${fx.companyA.uuid}/farms/`;
  const farm = await fx.su<{ uuid: string }>("POST", url, { name: `Удалить ${++fresh}` }, 201);
  return { params: { uuid: farm.uuid } };
};
const freshDtm = async (fx: MatrixFixture) => {
  const url = `/api/admin/businesses/${fx.companyA.uuid}/dtm/`;
  const entry = await fx.su<{ uuid: string }>("POST", url, { company_code: `DEL-${++fresh}` }, 201);
  return { params: { uuid: entry.uuid } };
};
const freshReport = async (fx: MatrixFixture) => {
  const body = { title: "Удалить", tag: "custom_reports", url: "https://bi.example/x" };
  const report = await fx.su<{ uuid: string }>("POST", "/api/admin/reports/", body, 201);
  return { params: { uuid: report.uuid } };
};
const freshGroup = async (fx: MatrixFixture) => {
  const group = await fx.su<{ pk: number }>("POST", "/api/admin/iframe-groups/", { title: "Удалить" }, 201);
  return { params: { pk: group.pk } };
};
const invalidFor = (params: (fx: MatrixFixture) => Record<string, string | number>) => (fx: MatrixFixture) => ({
  params: params(fx),
  body: INVALID,
});

export const adminRows: Row[] = [
  { route: "GET /api/admin/users/", expected: admins(200) },
  { route: "GET /api/admin/users/:id/", expected: admins(200), send: (fx) => ({ params: { id: fx.ids["role 6"] } }) },
  { route: "POST /api/admin/users/", expected: admins(400), send: () => ({ body: INVALID }) },
  {
    route: "PATCH /api/admin/users/:id/",
    expected: admins(400),
    send: invalidFor((fx) => ({ id: fx.ids["role 6"] })),
  },
  { route: "POST /api/admin/users/:id/password-reset/", expected: admins(204), send: freshUser },
  { route: "GET /api/admin/roles/", expected: admins(200) },
  { route: "GET /api/admin/audit/", expected: admins(200) },

  { route: "GET /api/admin/businesses/", expected: admins(200) },
  { route: "POST /api/admin/businesses/", expected: admins(400), send: () => ({ body: INVALID }) },
  {
    route: "GET /api/admin/businesses/:uuid/",
    expected: admins(200),
    send: (fx) => ({ params: { uuid: fx.companyA.uuid } }),
  },
  {
    route: "PATCH /api/admin/businesses/:uuid/",
    expected: admins(400),
    send: invalidFor((fx) => ({ uuid: fx.companyA.uuid })),
  },
  { route: "DELETE /api/admin/businesses/:uuid/", expected: admins(204), send: freshCompany },
  {
    route: "POST /api/admin/businesses/:uuid/farms/",
    expected: admins(400),
    send: invalidFor((fx) => ({ uuid: fx.companyA.uuid })),
  },
  { route: "GET /api/admin/farms/:uuid/", expected: admins(200), send: (fx) => ({ params: { uuid: fx.farmA.uuid } }) },
  {
    route: "PATCH /api/admin/farms/:uuid/",
    expected: admins(400),
    send: invalidFor((fx) => ({ uuid: fx.farmA.uuid })),
  },
  { route: "DELETE /api/admin/farms/:uuid/", expected: admins(204), send: freshFarm },
  {
    route: "POST /api/admin/businesses/:uuid/databases/",
    expected: admins(400),
    send: invalidFor((fx) => ({ uuid: fx.companyA.uuid })),
  },
  {
    route: "PATCH /api/admin/databases/:uuid/",
    expected: admins(400),
    send: invalidFor((fx) => ({ uuid: fx.databaseUuid })),
  },
  {
    route: "POST /api/admin/businesses/:uuid/dtm/",
    expected: admins(400),
    send: invalidFor((fx) => ({ uuid: fx.companyA.uuid })),
  },
  { route: "PATCH /api/admin/dtm/:uuid/", expected: admins(400), send: invalidFor((fx) => ({ uuid: fx.dtmUuid })) },
  { route: "DELETE /api/admin/dtm/:uuid/", expected: admins(204), send: freshDtm },
  { route: "GET /api/admin/business-users/", expected: admins(200) },

  { route: "GET /api/admin/usage/", expected: admins(200), send: () => ({ query: WEEK }) },
  { route: "GET /api/admin/usage/export/", expected: admins(200), send: () => ({ query: WEEK }) },
  { route: "GET /api/admin/analytics-db/", expected: admins(200) },

  { route: "GET /api/admin/reports/", expected: admins(200) },
  { route: "POST /api/admin/reports/", expected: admins(400), send: () => ({ body: INVALID }) },
  {
    route: "PATCH /api/admin/reports/:uuid/",
    expected: admins(400),
    send: invalidFor((fx) => ({ uuid: fx.report.uuid })),
  },
  { route: "DELETE /api/admin/reports/:uuid/", expected: admins(204), send: freshReport },
  { route: "GET /api/admin/iframe-groups/", expected: admins(200) },
  { route: "POST /api/admin/iframe-groups/", expected: admins(400), send: () => ({ body: INVALID }) },
  {
    route: "PATCH /api/admin/iframe-groups/:pk/",
    expected: admins(400),
    send: invalidFor((fx) => ({ pk: fx.report.groupPk })),
  },
  { route: "DELETE /api/admin/iframe-groups/:pk/", expected: admins(204), send: freshGroup },
];
