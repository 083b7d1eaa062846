import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resetDatabase, workerDatabase } from "../../../../test/test-database.ts";
import { companies, userDatabases } from "../../../db/schema/index.ts";
import { DEMO_MONITORING_SERVER } from "../../../db/seed/business.ts";
import { seedCompany } from "../../../db/seed/companies.ts";
import { DEMO_SITE_SERVER, demoSiteDatabase, ensureDemoSiteDatabase } from "./demo-database.ts";

describe("the demo pages' database", () => {
  it("is made once under a company of its own when there is no demo data", async () => {
    const database = await workerDatabase();
    await resetDatabase(database);
    const db = database.db;
    expect(await demoSiteDatabase(db)).toBeUndefined();
    const made = await ensureDemoSiteDatabase(db);
    expect(await ensureDemoSiteDatabase(db)).toEqual(made);
    const [row] = await db.select().from(userDatabases).where(eq(userDatabases.id, made.id));
    expect(row).toMatchObject({ server: DEMO_SITE_SERVER, kind: "monitoring" });
    const [company] = await db
      .select()
      .from(companies)
      .where(eq(companies.id, row?.companyId ?? 0));
    expect(company?.name).toBe("Надой — демо-площадка");
  });

  it("is its own, never the demo company's monitoring database, when demo data is there", async () => {
    const database = await workerDatabase();
    await resetDatabase(database);
    const db = database.db;
    const { company } = await seedCompany(db, { name: "Заря" });
    const [client] = await db
      .insert(userDatabases)
      .values({
        companyId: company.id,
        name: "Мониторинг",
        server: DEMO_MONITORING_SERVER,
        dbName: "monitoring",
        kind: "monitoring",
      })
      .returning();
    expect(await demoSiteDatabase(db)).toBeUndefined();
    const made = await ensureDemoSiteDatabase(db);
    expect(made.id).not.toBe(client?.id);
    expect(made.name).toBe("Демо-ферма (мониторинг)");
    expect((await db.select().from(companies)).map((c) => c.name).sort()).toEqual(["Заря", "Надой — демо-площадка"]);
  });
});
