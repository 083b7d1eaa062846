import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { CreatedKey } from "@nadoy/contract/keys";
import type { MonitoringModel } from "@nadoy/contract/monitoring-model";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { keygenWorkspaces, userDatabaseAccess, userDatabases } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";

// `npm run monitoring:simulate -- --describe …` against the app on a free port: an empty
// database gets a small farm through the model API, then the gateway's readings land in it.

const SCRIPT = fileURLToPath(new URL("../../../../../scripts/monitoring-simulate.mjs", import.meta.url));
const PASSWORD = "Simulate-pass-2026";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
});
afterAll(() => t.close());

describe("monitoring:simulate --describe", () => {
  it("describes a farm in an empty database, then sends its history and a live batch", async () => {
    const db = t.database.db;
    const { company } = await seedCompany(db, { name: "Заря" });
    const [database] = await db
      .insert(userDatabases)
      .values({ companyId: company.id, name: "Датчики", server: "s", dbName: "sensors", kind: "monitoring" })
      .returning();
    if (!database) throw new Error("database inserted");
    const zoo = await seedUser(db, {
      username: "zoo",
      email: "zoo@example.com",
      password: PASSWORD,
      roles: [3],
      companyIds: [company.id],
    });
    await db.insert(userDatabaseAccess).values({ userId: zoo.id, databaseId: database.id });
    const token = await accessTokenFor(t, zoo.id);
    const [workspace] = await db
      .select({ uuid: keygenWorkspaces.uuid })
      .from(keygenWorkspaces)
      .where(eq(keygenWorkspaces.companyId, company.id));
    const created = await t.request({
      method: "POST",
      url: `/api/keys/workspaces/${workspace?.uuid}/keys/`,
      token,
      payload: { name: "Симулятор", scope: "ingest", database_uuid: database.uuid },
    });
    const { secret } = created.json() as CreatedKey;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };

    const args = [SCRIPT, "--key", secret, "--url", `http://127.0.0.1:${port}`, "--hours", "2", "--batches", "1"];
    const describeArgs = ["--describe", "--db", database.uuid, "--user", "zoo", "--password", PASSWORD];
    const { stdout } = await promisify(execFile)("node", [...args, ...describeArgs], { timeout: 30_000 });
    expect(stdout).toContain("Описана площадка «Симулятор» в базе «Датчики»: 6 рядов");
    expect(stdout).toContain("Рядов: 6");
    // Two hours at 5 minutes: 24 instants (25 when now falls on one) of 6 series.
    expect(stdout).toMatch(/история до .*: отправлено (144|150), принято \1, отклонено 0/);

    const model = (await t.request({ method: "GET", url: `/api/monitoring/${database.uuid}/model/`, token })).json();
    expect((model as MonitoringModel).series.map((s) => s.name)).toEqual([
      "Температура молока",
      "Компрессор",
      "Ввод",
      "Ввод: мощность",
      "Коровник",
      "Доильный зал",
    ]);
  }, 60_000);
});
