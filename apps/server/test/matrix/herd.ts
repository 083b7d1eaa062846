import { MISSING_UUID, type Row, signedIn } from "./types.ts";

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

// Upload and commit: everyone who reads the database but viewers (6) and clients (7), who get 403;
// every caller has the dc_305 flag (fixture.ts), so only the role decides. Each upload is a small
// EVENTS file, staged afresh per caller; each commit commits an upload staged for that caller.
const DC305_FILE = '"ID","BDAT","LACT","Event","DIM","Date",\n       33 ,10/23/20,  3 ,BRED       ,  60 ,03/01/24,\n';

/** A spreadsheet of events whose event columns are not guessed (the remap maps them). */
const SPREADSHEET_FILE = "Номер;Дата рождения;Что;Когда\r\n33;23.10.2020;BRED;01.03.2024\r\n";

const uploadFile = (fx: { databaseUuid: string }) => ({
  params: { db_uuid: fx.databaseUuid },
  query: { format: "dc305", name: "events.csv" },
  raw: { payload: DC305_FILE, contentType: "text/csv" },
});

export const herdUploadRows: Row[] = [
  {
    route: "POST /api/herd/:db_uuid/uploads/",
    expected: signedIn(201, { "role 6": 403, "role 7": 403, "other company": 404 }),
    send: uploadFile,
  },
  {
    route: "POST /api/herd/uploads/:upload_uuid/commit/",
    expected: signedIn(200, { "role 6": 403, "role 7": 403, "other company": 404 }),
    note: "an upload of company A's database, staged by the superuser for each caller; 404 to another company",
    send: async (fx) => {
      const staged = await fx.t.request({
        method: "POST",
        url: `/api/herd/${fx.databaseUuid}/uploads/`,
        token: fx.tokens.superuser,
        query: { format: "dc305", name: "events.csv" },
        headers: { "content-type": "text/csv" },
        payload: DC305_FILE,
      });
      if (staged.statusCode !== 201) throw new Error(`staging for the commit row: ${staged.statusCode} ${staged.body}`);
      return { params: { upload_uuid: staged.json<{ upload_uuid: string }>().upload_uuid } };
    },
  },
  {
    route: "POST /api/herd/uploads/:upload_uuid/mapping/",
    expected: signedIn(200, { "role 6": 403, "role 7": 403, "other company": 404 }),
    note: "a spreadsheet upload of company A's database, staged by the superuser for each caller; 404 to another company",
    send: async (fx) => {
      const staged = await fx.t.request({
        method: "POST",
        url: `/api/herd/${fx.databaseUuid}/uploads/`,
        token: fx.tokens.superuser,
        query: { format: "spreadsheet", kind: "events", name: "события.csv" },
        headers: { "content-type": "text/csv" },
        payload: SPREADSHEET_FILE,
      });
      if (staged.statusCode !== 201) throw new Error(`staging for the remap row: ${staged.statusCode} ${staged.body}`);
      return {
        params: { upload_uuid: staged.json<{ upload_uuid: string }>().upload_uuid },
        body: {
          mapping: { Номер: "barn_number", "Дата рождения": "birth_date", Что: "event_code", Когда: "event_date" },
        },
      };
    },
  },
  { route: "GET /api/herd/uploads/mine/", expected: signedIn(200) },
  {
    route: "GET /api/herd/templates/:kind/",
    expected: signedIn(200),
    send: () => ({ params: { kind: "events" } }),
  },
  {
    route: "GET /api/herd/uploads/progress/:progress_id/",
    expected: signedIn(404),
    note: "an id no upload of the caller's was given: 404 to everyone (another user's is 404 too)",
    send: () => ({ params: { progress_id: MISSING_UUID } }),
  },
];
