import type { MatrixFixture } from "./fixture.ts";
import { everyone, MANAGERS, MISSING_UUID, members, type Row } from "./types.ts";

// The key generator (contract keys.ts): company A's workspace is managed by its members of roles
// 1–5 and by superusers; viewers (6) and clients (7) 403; the other company's user 404, as missing.
// The ingestion route takes a generated key, not a session: every caller here sends a bearer
// token and no key, so every one of them gets 401 (key_invalid) — the keys' own tests
// (features/monitoring/ingest-http.test.ts, features/herd/upload/herd-key-upload.test.ts) call
// them with keys.

const inWorkspace = (fx: MatrixFixture) => ({ params: { uuid: fx.keygenWorkspaceUuid } });

/** A fresh herd-upload key the superuser made in company A's workspace. */
async function superusersKey(fx: MatrixFixture): Promise<string> {
  const created = await fx.su<{ key: { uuid: string } }>(
    "POST",
    `/api/keys/workspaces/${fx.keygenWorkspaceUuid}/keys/`,
    { name: "Агент", scope: "herd_upload", database_uuid: fx.databaseUuid },
    201,
  );
  return created.key.uuid;
}

export const keyRows: Row[] = [
  { route: "GET /api/keys/workspaces/:uuid/", expected: members(MANAGERS, 200), send: inWorkspace },
  {
    route: "POST /api/keys/workspaces/:uuid/keys/",
    expected: members(MANAGERS, 201),
    note: "a herd-upload key into the herd database every caller is given",
    send: (fx) => ({
      ...inWorkspace(fx),
      body: { name: "Агент фермы", scope: "herd_upload", database_uuid: fx.databaseUuid },
    }),
  },
  {
    route: "POST /api/keys/:uuid/revoke/",
    expected: members(MANAGERS, 200),
    note: "a fresh key the superuser made: any key manager of the company revokes it",
    send: async (fx) => ({ params: { uuid: await superusersKey(fx) } }),
  },
  {
    route: "POST /api/monitoring/ingest/",
    expected: everyone(401),
    note: "a key route: a session is no key (401 key_invalid), signed in or not",
    send: () => ({ body: { readings: [] } }),
  },
  {
    route: "GET /api/monitoring/ingest/series/",
    expected: everyone(401),
    note: "a key route: a session is no key (401 key_invalid), signed in or not",
    send: () => ({}),
  },
  {
    route: "POST /api/herd/key-uploads/",
    expected: everyone(401),
    note: "a key route (herd_upload): a session is no key",
    send: () => ({
      query: { format: "dc305", name: "events.csv" },
      raw: { payload: "ID,Event\n", contentType: "text/csv" },
    }),
  },
  {
    route: "POST /api/herd/key-uploads/:upload_uuid/commit/",
    expected: everyone(401),
    note: "a key route (herd_upload): a session is no key",
    send: () => ({ params: { upload_uuid: MISSING_UUID } }),
  },
];
