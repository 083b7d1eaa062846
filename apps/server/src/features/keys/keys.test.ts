import type { ApiKey, KeygenWorkspace } from "@nadoy/contract/keys";
import type { UserData } from "@nadoy/contract/users";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { queryRows } from "../../db/client.ts";
import { companies, keygenWorkspaces } from "../../db/schema/index.ts";
import { hashKeySecret } from "../../platform/auth/api-keys.ts";
import { createKeyAs, type KeysWorld, ok, seedKeysWorld } from "./keys.test-kit.ts";

let t: TestApp;
let w: KeysWorld;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedKeysWorld(t);
});
afterAll(() => t.close());

const workspace = (token: string, uuid = w.workspace) =>
  t.request({ method: "GET", url: `/api/keys/workspaces/${uuid}/`, token });
const create = (token: string, body: Record<string, unknown>, uuid = w.workspace) =>
  t.request({ method: "POST", url: `/api/keys/workspaces/${uuid}/keys/`, token, payload: body });

describe("keygen workspaces", () => {
  it("every company has one, a new company too, named after the company", async () => {
    const [company] = await t.database.db.insert(companies).values({ name: "Рассвет" }).returning();
    const rows = await t.database.db.select().from(keygenWorkspaces);
    const all = await t.database.db.select().from(companies);
    expect(rows.map((r) => r.companyId).sort()).toEqual(all.map((c) => c.id).sort());
    expect(rows.some((r) => r.companyId === company?.id)).toBe(true);
    const ws = ok<KeygenWorkspace>(await workspace(w.zoo.token));
    expect(ws.name).toBe("Заря");
  });

  it("users/data lists the workspaces of key managers only", async () => {
    const zoo = ok<UserData>(await t.request({ method: "GET", url: "/api/users/data/", token: w.zoo.token }));
    expect(zoo.keygen_workspaces).toEqual([{ uuid: w.workspace, name: "Заря" }]);
    const viewer = ok<UserData>(await t.request({ method: "GET", url: "/api/users/data/", token: w.viewer.token }));
    expect(viewer.keygen_workspaces).toEqual([]);
  });

  it("shows the company's databases and DTM codes the caller sees; another company's workspace is 404", async () => {
    const ws = ok<KeygenWorkspace>(await workspace(w.zoo.token));
    expect(ws.databases.map((d) => [d.name, d.kind])).toEqual([
      ["Датчики", "monitoring"],
      ["Стадо", "herd"],
    ]);
    // ZR-002 is the company's too, but not given to her: its log is not hers to read.
    expect(ws.dtm_codes).toEqual(["ZR-001"]);
    expect((await workspace(w.other.token)).statusCode).toBe(404);
    expect((await workspace(w.viewer.token)).statusCode).toBe(403);
  });
});

describe("keys", () => {
  it("shows the secret once and keeps only its hash", async () => {
    const created = await createKeyAs(t, w.zoo.token, w.workspace, {
      name: "Шлюз коровника",
      scope: "ingest",
      database_uuid: w.monitoring.uuid,
      dtm_code: "ZR-001",
    });
    expect(created.secret).toMatch(/^ndk_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({
      name: "Шлюз коровника",
      scope: "ingest",
      database: { uuid: w.monitoring.uuid, name: "Датчики" },
      dtm_code: "ZR-001",
      hint: created.secret.slice(0, 8),
      expires_at: null,
      created_by: { id: w.zoo.id },
      last_used_at: null,
      revoked_at: null,
      state: "active",
    });
    // Nowhere in the database: not in the keys table, not in the audit log.
    const keys = await queryRows<Record<string, unknown>>(t.database.db, sql`select * from api_keys`);
    const audit = await queryRows<Record<string, unknown>>(t.database.db, sql`select * from audit_log`);
    const stored = JSON.stringify([keys, audit]);
    expect(stored).not.toContain(created.secret);
    expect(stored).not.toContain(created.secret.slice(8));
    expect(keys.find((k) => k.uuid === created.key.uuid)?.secret_hash).toBe(hashKeySecret(created.secret));
    // The list shows the key, never the secret.
    const ws = ok<KeygenWorkspace>(await workspace(w.zoo.token));
    expect(ws.keys[0]?.uuid).toBe(created.key.uuid);
    expect(JSON.stringify(ws)).not.toContain(created.secret);
  });

  it("wants a database of the company, of the scope's kind, a DTM code the caller sees, an expiry ahead", async () => {
    const base = { name: "Агент", scope: "ingest", database_uuid: w.monitoring.uuid };
    const wrongKind = await create(w.zoo.token, { ...base, database_uuid: w.herd.uuid });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().fields.database_uuid).toContain("мониторинга");
    expect((await create(w.zoo.token, { ...base, scope: "herd_upload" })).statusCode).toBe(400);
    const foreign = await create(w.zoo.token, { ...base, database_uuid: w.otherMonitoring.uuid });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().fields.database_uuid).toBeDefined();
    for (const code of ["VS-9", "ZR-002"]) {
      const unseen = await create(w.zoo.token, { ...base, dtm_code: code });
      expect(unseen.statusCode).toBe(400);
      expect(unseen.json().fields.dtm_code).toBe("Этот код DTM вам не открыт");
    }
    const past = await create(w.zoo.token, { ...base, expires_at: "2020-01-01T00:00:00Z" });
    expect(past.json().fields.expires_at).toBe("Срок действия должен быть в будущем");
    expect((await create(w.other.token, base)).statusCode).toBe(404);
    expect((await create(w.viewer.token, base)).statusCode).toBe(403);
    const herdKey = await createKeyAs(t, w.zoo.token, w.workspace, {
      name: "Агент DC305",
      scope: "herd_upload",
      database_uuid: w.herd.uuid,
      expires_at: "2099-01-01T00:00:00+03:00",
    });
    expect(herdKey.key.expires_at).toBe("2098-12-31T21:00:00.000Z");
  });

  it("keeps an expected interval in minutes (1 to a week), none by default", async () => {
    const base = { name: "Счётчик", scope: "ingest", database_uuid: w.monitoring.uuid };
    const watched = await createKeyAs(t, w.zoo.token, w.workspace, { ...base, expected_interval_min: 15 });
    expect(watched.key).toMatchObject({ expected_interval_min: 15, silent_since: null });
    expect((await createKeyAs(t, w.zoo.token, w.workspace, base)).key.expected_interval_min).toBeNull();
    expect((await create(w.zoo.token, { ...base, expected_interval_min: 0 })).statusCode).toBe(400);
    expect((await create(w.zoo.token, { ...base, expected_interval_min: 7 * 24 * 60 + 1 })).statusCode).toBe(400);
  });

  it("revokes: by whom and when; a revoked key is shown revoked; another company's key is 404", async () => {
    const { key } = await createKeyAs(t, w.zoo.token, w.workspace, {
      name: "Старый шлюз",
      scope: "ingest",
      database_uuid: w.monitoring.uuid,
    });
    const url = `/api/keys/${key.uuid}/revoke/`;
    expect((await t.request({ method: "POST", url, token: w.other.token })).statusCode).toBe(404);
    expect((await t.request({ method: "POST", url, token: w.viewer.token })).statusCode).toBe(403);
    const revoked = ok<ApiKey>(await t.request({ method: "POST", url, token: w.zoo.token }));
    expect(revoked.state).toBe("revoked");
    expect(revoked.revoked_by?.id).toBe(w.zoo.id);
    expect(revoked.revoked_at).not.toBeNull();
    const again = ok<ApiKey>(await t.request({ method: "POST", url, token: w.zoo.token }));
    expect(again.revoked_at).toBe(revoked.revoked_at);
  });
});
