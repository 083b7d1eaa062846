import { type Row, signedIn } from "./types.ts";

// Herd data, read side: every caller given company A's herd database reads it, viewers (6) and
// clients (7) included; the other company's user was given it too but is no member of company A,
// so the database and its animal are 404 to them. The datasets list answers every signed-in
// caller with the databases they may see (the other company's user: an empty list).

const inDatabase =
  (extra: Record<string, string> = {}) =>
  (fx: { databaseUuid: string }) => ({
    params: { db_uuid: fx.databaseUuid, ...extra },
  });

export const herdRows: Row[] = [
  { route: "GET /api/herd/datasets/", expected: signedIn(200) },
  {
    route: "GET /api/herd/:db_uuid/animals/",
    expected: signedIn(200, { "other company": 404 }),
    send: inDatabase(),
  },
  {
    route: "GET /api/herd/:db_uuid/animals/:animal_uuid/",
    expected: signedIn(200, { "other company": 404 }),
    send: (fx) => inDatabase({ animal_uuid: fx.herdAnimalUuid })(fx),
  },
  { route: "GET /api/herd/:db_uuid/events/", expected: signedIn(200, { "other company": 404 }), send: inDatabase() },
  { route: "GET /api/herd/:db_uuid/uploads/", expected: signedIn(200, { "other company": 404 }), send: inDatabase() },
];
