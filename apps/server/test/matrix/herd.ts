import type { MatrixFixture } from "./fixture.ts";
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

/** A segment of company A's herd database, saved and shared by the superuser (a new one per call). */
async function sharedSegment(fx: MatrixFixture): Promise<string> {
  const res = await fx.t.request({
    method: "POST",
    url: `/api/herd/${fx.databaseUuid}/segments/`,
    token: fx.tokens.superuser,
    payload: { name: "Общий", text: "LACT>1", shared: true },
  });
  if (res.statusCode !== 201) throw new Error(`saving the shared segment: ${res.statusCode} ${res.body}`);
  return res.json<{ uuid: string }>().uuid;
}

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
  { route: "GET /api/herd/:db_uuid/segments/", expected: signedIn(200, { "other company": 404 }), send: inDatabase() },
  {
    route: "POST /api/herd/:db_uuid/segments/",
    expected: signedIn(201, { "role 6": 403, "role 7": 403, "other company": 404 }),
    send: (fx) => ({ ...inDatabase()(fx), body: { name: "Первотёлки", text: "LACT=1" } }),
  },
  {
    route: "PUT /api/herd/:db_uuid/segments/:segment_uuid/",
    expected: signedIn(403, { superuser: 200, "other company": 404 }),
    note: "a segment the superuser saved and shared: every member sees it, only its owner changes it",
    send: async (fx) => ({
      params: { db_uuid: fx.databaseUuid, segment_uuid: await sharedSegment(fx) },
      body: { name: "Сухие", text: "STATUS=DRY" },
    }),
  },
  {
    route: "DELETE /api/herd/:db_uuid/segments/:segment_uuid/",
    expected: signedIn(403, { superuser: 204, "other company": 404 }),
    note: "as PUT",
    send: async (fx) => ({ params: { db_uuid: fx.databaseUuid, segment_uuid: await sharedSegment(fx) } }),
  },
  {
    route: "GET /api/herd/:db_uuid/reports/:n/",
    expected: signedIn(200, { "other company": 404 }),
    send: (fx) => inDatabase({ n: "1" })(fx),
  },
  {
    route: "GET /api/herd/:db_uuid/reports/:n/export/",
    expected: signedIn(200, { "other company": 404 }),
    send: (fx) => inDatabase({ n: "1" })(fx),
  },
  {
    route: "GET /api/herd/:db_uuid/reports/:n/animals/",
    expected: signedIn(200, { "other company": 404 }),
    note: "the drill token of report 1's first figure, as the superuser's report gives it",
    send: async (fx) => {
      const res = await fx.t.request({
        method: "GET",
        url: `/api/herd/${fx.databaseUuid}/reports/1/`,
        token: fx.tokens.superuser,
      });
      if (res.statusCode !== 200) throw new Error(`report 1 for the drill row: ${res.statusCode} ${res.body}`);
      const drill = res.json<{ kpis: { drill: string | null }[] }>().kpis[0]?.drill ?? "";
      return { ...inDatabase({ n: "1" })(fx), query: { drill } };
    },
  },
  { route: "GET /api/herd/:db_uuid/settings/", expected: signedIn(200, { "other company": 404 }), send: inDatabase() },
  {
    route: "PUT /api/herd/:db_uuid/settings/",
    expected: signedIn(200, { "role 6": 403, "role 7": 403, "other company": 404 }),
    note: "as uploading: everyone who reads the database but viewers and clients",
    send: (fx) => ({ ...inDatabase()(fx), body: { vwp_days: 55 } }),
  },
  {
    route: "POST /api/herd/:db_uuid/segments/count/",
    expected: signedIn(200, { "other company": 404 }),
    send: (fx) => ({ ...inDatabase()(fx), body: { text: "LACT=1 DIM<100" } }),
  },
];

// Upload and commit: everyone who reads the database but viewers (6) and clients (7), who get 403;
// every caller has the dc_305 flag (fixture.ts), so only the role decides. Each upload is a small
// EVENTS file, staged afresh per caller; each commit commits an upload staged for that caller.
const DC305_FILE = '"ID","BDAT","LACT","Event","DIM","Date",\n       33 ,10/23/20,  3 ,BRED       ,  60 ,03/01/24,\n';

/** A spreadsheet of events whose event columns are not guessed (the remap maps them). */
const SPREADSHEET_FILE = "Номер;Дата рождения;Что;Когда\r\n33;23.10.2020;BRED;01.03.2024\r\n";
/** An upload of company A's database staged by the superuser (its file kept), fresh per call. */
async function stagedBySuperuser(fx: MatrixFixture): Promise<string> {
  const staged = await fx.t.request({
    method: "POST",
    url: `/api/herd/${fx.databaseUuid}/uploads/`,
    token: fx.tokens.superuser,
    query: { format: "dc305", name: "events.csv" },
    headers: { "content-type": "text/csv" },
    payload: DC305_FILE,
  });
  if (staged.statusCode !== 201) throw new Error(`staging for the row: ${staged.statusCode} ${staged.body}`);
  return staged.json<{ upload_uuid: string }>().upload_uuid;
}

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
    send: async (fx) => ({ params: { upload_uuid: await stagedBySuperuser(fx) } }),
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

// Kept files (contract herd-files.ts): everyone lists the files they may see; a file the superuser
// uploaded is downloaded and deleted by the superuser and company A's admin (role 1), who see every
// file of the company's databases; to everyone else it is someone else's file: 404, as missing.
const superusersFile = signedIn(404, { superuser: 200, "role 1": 200 });

export const herdFileRows: Row[] = [
  { route: "GET /api/herd/files/", expected: signedIn(200) },
  {
    route: "GET /api/herd/files/:upload_uuid/download/",
    expected: superusersFile,
    note: "a file the superuser uploaded into company A's herd database: its uploader and the company's admins",
    send: async (fx) => ({ params: { upload_uuid: await stagedBySuperuser(fx) } }),
  },
  {
    route: "GET /api/herd/uploads/:upload_uuid/refused/",
    expected: superusersFile,
    note: "the refused rows of an upload the superuser staged: those who see its file (its uploader, the company's admins)",
    send: async (fx) => ({ params: { upload_uuid: await stagedBySuperuser(fx) } }),
  },
  {
    route: "POST /api/herd/files/:upload_uuid/rerun/",
    expected: { ...superusersFile, superuser: 201, "role 1": 201 },
    note: "a file the superuser uploaded, checked again as a new upload by those who see it (and may upload)",
    send: async (fx) => ({ params: { upload_uuid: await stagedBySuperuser(fx) } }),
  },
  {
    route: "DELETE /api/herd/files/:upload_uuid/",
    expected: { ...superusersFile, superuser: 204, "role 1": 204 },
    note: "a fresh file the superuser uploaded, per caller: its uploader and the company's admins delete it",
    send: async (fx) => ({ params: { upload_uuid: await stagedBySuperuser(fx) } }),
  },
];
