import type { CreatedKey } from "@nadoy/contract/keys";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import type { TestApp } from "../../../test/test-app.ts";
import {
  dtmEntries,
  keygenWorkspaces,
  userDatabaseAccess,
  userDatabases,
  userDtmAccess,
} from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";

// The keys tests' world: company «Заря» with a herd database, a monitoring database and two DTM
// codes, its workspace; a zootechnician (3) of «Заря» given both databases and the code ZR-001 (not
// ZR-002), a viewer (6) of «Заря» given both databases; a zootechnician of «Восход» (another company).

export function ok<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

export async function seedKeysWorld(t: TestApp) {
  const db = t.database.db;
  const zarya = await seedCompany(db, { name: "Заря" });
  const voskhod = await seedCompany(db, { name: "Восход" });
  const [herd, monitoring] = await db
    .insert(userDatabases)
    .values([
      { companyId: zarya.company.id, name: "Стадо", server: "s", dbName: "herd" },
      { companyId: zarya.company.id, name: "Датчики", server: "s", dbName: "sensors", kind: "monitoring" },
    ])
    .returning();
  const [otherMonitoring] = await db
    .insert(userDatabases)
    .values({
      companyId: voskhod.company.id,
      name: "Чужие датчики",
      server: "s",
      dbName: "v_sensors",
      kind: "monitoring",
    })
    .returning();
  if (!herd || !monitoring || !otherMonitoring) throw new Error("databases inserted");
  const [given] = await db
    .insert(dtmEntries)
    .values([
      { companyId: zarya.company.id, companyCode: "ZR-001" },
      { companyId: zarya.company.id, companyCode: "ZR-002" },
    ])
    .returning();
  if (!given) throw new Error("DTM entries inserted");
  const user = async (username: string, roles: number[], companyId: number, databaseIds: number[]) => {
    const u = await seedUser(db, { username, email: `${username}@example.com`, roles, companyIds: [companyId] });
    if (databaseIds.length > 0) {
      await db.insert(userDatabaseAccess).values(databaseIds.map((databaseId) => ({ userId: u.id, databaseId })));
    }
    return { id: u.id, token: await accessTokenFor(t, u.id) };
  };
  const zoo = await user("zoo", [3], zarya.company.id, [herd.id, monitoring.id]);
  await db.insert(userDtmAccess).values({ userId: zoo.id, dtmEntryId: given.id });
  const viewer = await user("viewer", [6], zarya.company.id, [herd.id, monitoring.id]);
  const other = await user("other", [3], voskhod.company.id, [otherMonitoring.id]);
  const workspaceOf = async (companyId: number) => {
    const [row] = await db
      .select({ uuid: keygenWorkspaces.uuid })
      .from(keygenWorkspaces)
      .where(eq(keygenWorkspaces.companyId, companyId));
    if (!row) throw new Error("the company has its workspace");
    return row.uuid;
  };
  return {
    zarya,
    herd,
    monitoring,
    otherMonitoring,
    zoo,
    viewer,
    other,
    workspace: await workspaceOf(zarya.company.id),
    otherWorkspace: await workspaceOf(voskhod.company.id),
  };
}

export type KeysWorld = Awaited<ReturnType<typeof seedKeysWorld>>;

/** Creates a key as `token` in `workspace` and answers it with its secret. */
export async function createKeyAs(
  t: TestApp,
  token: string,
  workspace: string,
  body: Record<string, unknown>,
): Promise<CreatedKey> {
  return ok<CreatedKey>(
    await t.request({ method: "POST", url: `/api/keys/workspaces/${workspace}/keys/`, token, payload: body }),
    201,
  );
}
