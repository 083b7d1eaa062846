import { resetDatabase, workerDatabase } from "../../../test/test-database.ts";
import type { Db } from "../../db/client.ts";
import { monitoringSites, userDatabases } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";

// ---- The monitoring tests' world: an emptied database, a company, its monitoring databases ----

/** A fresh worker database with one company and a monitoring database per name (ids in that order). */
export async function monitoringWorld(names: readonly string[]): Promise<{ db: Db; databaseIds: number[] }> {
  const database = await workerDatabase();
  await resetDatabase(database);
  const db = database.db;
  const { company } = await seedCompany(db, { name: "Заря" });
  const rows = await db
    .insert(userDatabases)
    .values(
      names.map((name, i) => ({
        companyId: company.id,
        name,
        server: "s",
        dbName: `sensors_${i}`,
        kind: "monitoring" as const,
      })),
    )
    .returning();
  if (rows.length !== names.length) throw new Error("databases inserted");
  return { db, databaseIds: rows.map((r) => r.id) };
}

/** A farm site «МТФ-1» of the database in `timeZone`. */
export async function addSite(db: Db, databaseId: number, timeZone: string) {
  const [site] = await db.insert(monitoringSites).values({ databaseId, name: "МТФ-1", timeZone }).returning();
  if (!site) throw new Error("site inserted");
  return site;
}
