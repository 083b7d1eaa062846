import { type Row, signedIn } from "./types.ts";

// The reports portal. Company A's report is in a group given to every signed-in caller, the other
// company's user included: a report tied to a company is still shown only to its members (404).
// The admins' catalogue is in admin.ts.

export const reportRows: Row[] = [
  { route: "GET /api/reports/", expected: signedIn(200) },
  {
    route: "GET /api/reports/:uuid/embed/",
    expected: signedIn(200, { "other company": 404 }),
    send: (fx) => ({ params: { uuid: fx.report.uuid } }),
  },
  {
    route: "GET /api/reports/users/:id/groups/",
    expected: signedIn(404, { "role 3": 200, "role 1": 200, superuser: 200 }),
    send: (fx) => ({ params: { id: fx.ids["role 3"] } }),
    note: "role 3's groups: role 3 itself, admins and superusers; others 404",
  },
];
