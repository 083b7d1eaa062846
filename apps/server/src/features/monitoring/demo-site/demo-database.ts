import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { companies, userDatabases } from "../../../db/schema/index.ts";

// The database behind the staff's demo pages (/equipment_monitoring/…/demo): always one of its own
// under a company of its own, «Надой — демо-площадка», made on the first start and filled by the
// generator (seed-demo-site.ts). The company has no member, so no company's user reaches it by its
// uuid; the pages reach it only through the `demo` address, which only staff may open. A client's
// database is never it, demo data or not: the demo company's «Заря» is a client's, shown to its
// own people only.

export const DEMO_SITE_SERVER = "demo-site.nadoy.local";
const DEMO_SITE_COMPANY = "Надой — демо-площадка";
const DEMO_SITE_DATABASE = "Демо-ферма (мониторинг)";

export interface DemoSiteDatabase {
  id: number;
  uuid: string;
  name: string;
}

/** The demo pages' database, if there is one yet. One query. */
export async function demoSiteDatabase(db: Db): Promise<DemoSiteDatabase | undefined> {
  const rows = await db
    .select({ id: userDatabases.id, uuid: userDatabases.uuid, name: userDatabases.name })
    .from(userDatabases)
    .where(and(eq(userDatabases.kind, "monitoring"), eq(userDatabases.server, DEMO_SITE_SERVER)))
    .orderBy(userDatabases.id)
    .limit(1);
  return rows[0];
}

/** Makes the demo pages' database where there is none (the first start). */
export async function ensureDemoSiteDatabase(db: Db): Promise<DemoSiteDatabase> {
  const found = await demoSiteDatabase(db);
  if (found) return found;
  return db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values({ name: DEMO_SITE_COMPANY }).returning({ id: companies.id });
    if (!company) throw new Error("demo site company inserted");
    const [row] = await tx
      .insert(userDatabases)
      .values({
        companyId: company.id,
        name: DEMO_SITE_DATABASE,
        server: DEMO_SITE_SERVER,
        dbName: "demo_site",
        kind: "monitoring",
      })
      .returning({ id: userDatabases.id, uuid: userDatabases.uuid, name: userDatabases.name });
    if (!row) throw new Error("demo site database inserted");
    return row;
  });
}
