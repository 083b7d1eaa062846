import type { HerdUploadCreated } from "@nadoy/contract/herd";
import type { CreatedKey } from "@nadoy/contract/keys";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { queryRows } from "../../../db/client.ts";
import { dataTransfers, keygenWorkspaces, users } from "../../../db/schema/index.ts";
import { EVENTS_HEADER, eventLine } from "../dc305/test-fixtures.ts";
import { ok } from "../herd.test-kit.ts";
import { animalsOf, seedUploadWorld } from "./herd-upload.test-kit.ts";
import { CREATOR_GONE } from "./key-upload.ts";

// Herd uploads by a generated key (contract herd.ts "by a generated key"): an upload agent stages
// and commits a DC305 file into its key's database in the name of the key's creator; the commit is
// in the transfer log; another key cannot commit it; a revoked key or a creator who may no longer
// upload stops the key.

let t: TestApp;
let w: Awaited<ReturnType<typeof seedUploadWorld>>;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  w = await seedUploadWorld(t);
});

const TEXT = `${[
  EVENTS_HEADER,
  eventLine("3268", "03/17/15", "2", "FRESH", "0", "01/10/24"),
  eventLine("41", "05/05/20", "1", "BRED", "60", "03/01/24", "7HO123"),
].join("\n")}\n`;

async function newKey(token: string, scope = "herd_upload", databaseUuid = w.herd.uuid): Promise<CreatedKey> {
  const [ws] = await t.database.db
    .select({ uuid: keygenWorkspaces.uuid })
    .from(keygenWorkspaces)
    .where(eq(keygenWorkspaces.companyId, w.zarya.company.id));
  return ok<CreatedKey>(
    await t.request({
      method: "POST",
      url: `/api/keys/workspaces/${ws?.uuid}/keys/`,
      token,
      payload: { name: "Агент DC305", scope, database_uuid: databaseUuid },
    }),
    201,
  );
}

const upload = (secret: string, text = TEXT): Promise<LightMyRequestResponse> =>
  t.request({
    method: "POST",
    url: "/api/herd/key-uploads/",
    query: { format: "dc305", name: "events.csv" },
    headers: { authorization: `Key ${secret}`, "content-type": "text/csv" },
    remoteAddress: "10.7.7.7",
    payload: Buffer.from(text),
  });
const commit = (secret: string, uuid: string) =>
  t.request({
    method: "POST",
    url: `/api/herd/key-uploads/${uuid}/commit/`,
    headers: { authorization: `Key ${secret}` },
    remoteAddress: "10.7.7.7",
  });

describe("herd uploads by key", () => {
  it("stages and commits into the key's database as its creator, and logs the commit", async () => {
    const { secret } = await newKey(w.zoo.token);
    const created = ok<HerdUploadCreated>(await upload(secret), 201);
    expect(created.preview.rows).toBe(2);
    const committed = ok<{ rows: number; rows_refused: number }>(await commit(secret, created.upload_uuid));
    expect(committed.rows).toBe(2);
    expect((await animalsOf(t.database.db, w.herd.id)).length).toBe(2);
    const [record] = await queryRows<{ user_id: number; api_key_id: number | null; status: string }>(
      t.database.db,
      sql`select user_id, api_key_id, status from herd_uploads`,
    );
    expect(record).toMatchObject({ user_id: w.zoo.id, status: "committed" });
    expect(record?.api_key_id).not.toBeNull();
    const logged = await t.database.db.select().from(dataTransfers);
    expect(logged.map((l) => [l.kind, l.result, l.rowsReceived, l.rowsAccepted, l.ip])).toEqual([
      ["herd_upload", "ok", 2, 2, "10.7.7.7"],
    ]);
    // Again: 409, the upload is committed.
    expect((await commit(secret, created.upload_uuid)).statusCode).toBe(409);
  });

  it("commits only what the same key uploaded", async () => {
    const first = await newKey(w.zoo.token);
    const second = await newKey(w.zoo.token);
    const created = ok<HerdUploadCreated>(await upload(first.secret), 201);
    expect((await commit(second.secret, created.upload_uuid)).statusCode).toBe(404);
    // A signed-in upload is no key's either.
    const signedIn = ok<HerdUploadCreated>(
      await t.request({
        method: "POST",
        url: `/api/herd/${w.herd.uuid}/uploads/`,
        token: w.zoo.token,
        query: { format: "dc305", name: "events.csv" },
        headers: { "content-type": "text/csv" },
        payload: Buffer.from(TEXT),
      }),
      201,
    );
    expect((await commit(first.secret, signedIn.upload_uuid)).statusCode).toBe(404);
  });

  it("refuses a revoked key, an ingest key, and a key whose creator may no longer upload; writes nothing", async () => {
    const revoked = await newKey(w.zoo.token);
    await t.request({ method: "POST", url: `/api/keys/${revoked.key.uuid}/revoke/`, token: w.zoo.token });
    expect((await upload(revoked.secret)).json().code).toBe("key_revoked");
    const ingest = await newKey(w.zoo.token, "ingest", w.monitoring.uuid);
    expect((await upload(ingest.secret)).statusCode).toBe(403);
    const orphan = await newKey(w.zoo.token);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, w.zoo.id));
    expect((await upload(orphan.secret)).statusCode).toBe(403);
    const uploads = await queryRows<{ n: number | string }>(t.database.db, sql`select count(*) as n from herd_uploads`);
    expect(Number(uploads[0]?.n)).toBe(0);
    // The creator's refusal is logged (the key itself passed); the revoked and ingest keys' are not.
    const logged = await t.database.db.select().from(dataTransfers);
    expect(logged.map((l) => [l.kind, l.result, l.error])).toEqual([["herd_upload", "refused", CREATOR_GONE]]);
  });
});
