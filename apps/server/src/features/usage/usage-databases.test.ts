import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { herdUploads, userDatabases } from "../../db/schema/index.ts";
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

  it("counts each database's committed herd uploads: how many, the last commit, their rows", async () => {
    const admin = await signedInAdmin(t);
    const zarya = await seedCompany(t.database.db, { name: "ООО Заря" });
    const [herd, idle] = await t.database.db
      .insert(userDatabases)
      .values([
        { companyId: zarya.company.id, name: "Стадо", server: "db1", dbName: "herd" },
        { companyId: zarya.company.id, name: "Стадо 2", server: "db1", dbName: "herd2" },
      ])
      .returning();
    if (!herd || !idle) throw new Error("inserted");
    const upload = (status: "committed" | "failed" | "staged", rows: number, committedAt: string | null) => ({
      databaseId: herd.id,
      fileName: "events.csv",
      sizeBytes: 10,
      format: "dc305" as const,
      status,
      counts: { rows },
      committedAt: committedAt === null ? null : new Date(committedAt),
    });
    // Two commits (120 + 30 rows); a failure and a preview count for nothing.
    await t.database.db
      .insert(herdUploads)
      .values([
        upload("committed", 120, "2025-03-01T10:00:00Z"),
        upload("committed", 30, "2025-03-05T08:30:00Z"),
        upload("failed", 500, null),
        upload("staged", 70, null),
      ]);

    const list = await usageApi(t, admin.token).databasesOk();

    expect(list.map((d) => [d.name, d.uploads_count, d.last_upload_at, d.rows_total])).toEqual([
      ["Стадо", 2, "2025-03-05T08:30:00.000Z", 150],
      ["Стадо 2", 0, null, 0],
    ]);
  });

  it("answers an empty list when no database is registered", async () => {
    const admin = await signedInAdmin(t);

    expect(await usageApi(t, admin.token).databasesOk()).toEqual([]);
  });
});
