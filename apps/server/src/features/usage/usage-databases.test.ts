import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { userDatabases } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { signedInAdmin, usageApi } from "./usage.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

describe("GET /api/admin/analytics-db/", () => {
  it("lists every user database with its company, by company then name, with no uploads yet", async () => {
    const admin = await signedInAdmin(t);
    const zarya = await seedCompany(t.database.db, { name: "ООО Заря", farms: [{ name: "Ферма 1" }] });
    const krai = await seedCompany(t.database.db, { name: "АО Молочный край" });
    await t.database.db.insert(userDatabases).values([
      { companyId: zarya.company.id, name: "Стадо", server: "db1.nadoy.local", dbName: "herd_zarya" },
      {
        companyId: zarya.company.id,
        farmId: zarya.farms[0]?.id,
        name: "Мониторинг",
        server: "db1.nadoy.local",
        dbName: "monitoring",
        active: false,
      },
      { companyId: krai.company.id, name: "Стадо", server: "db2.nadoy.local", dbName: "herd_krai" },
    ]);

    const list = await usageApi(t, admin.token).databasesOk();

    expect(list.map((d) => [d.company.name, d.name, d.server, d.db_name, d.active])).toEqual([
      ["АО Молочный край", "Стадо", "db2.nadoy.local", "herd_krai", true],
      ["ООО Заря", "Мониторинг", "db1.nadoy.local", "monitoring", false],
      ["ООО Заря", "Стадо", "db1.nadoy.local", "herd_zarya", true],
    ]);
    expect(list[0]?.company).toEqual({ uuid: krai.company.uuid, name: "АО Молочный край" });
    for (const database of list) {
      expect(database).toMatchObject({ uploads_count: 0, last_upload_at: null, rows_total: 0 });
      expect(database.uuid).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("answers an empty list when no database is registered", async () => {
    const admin = await signedInAdmin(t);

    expect(await usageApi(t, admin.token).databasesOk()).toEqual([]);
  });
});
