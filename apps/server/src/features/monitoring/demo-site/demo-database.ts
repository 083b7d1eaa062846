import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { companies, userDatabases } from "../../../db/schema/index.ts";
import { DEMO_MONITORING_SERVER } from "../../../db/seed/business.ts";

// The database behind the staff's demo pages (/equipment_monitoring/…/demo): with demo data on, the
// demo company's monitoring database; without it (production), a database of its own under a
// company of its own, «Надой — демо-площадка», made on the first start — no member, so no client
// ever sees it; the pages reach it only through the `demo` address, which only staff may open.

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
    .select({ id: userDatabases.id, uuid: userDatabases.uuid, name: userDatabases.name, server: userDatabases.server })
    .from(userDatabases)
    .where(
      and(
        eq(userDatabases.kind, "monitoring"),
        inArray(userDatabases.server, [DEMO_SITE_SERVER, DEMO_MONITORING_SERVER]),
      ),
    )
    .orderBy(userDatabases.id);
  // Production's own demo database first; else the demo company's.
  const row = rows.find((r) => r.server === DEMO_SITE_SERVER) ?? rows[0];
  return row && { id: row.id, uuid: row.uuid, name: row.name };
}

/** Makes the demo pages' database where there is none (the first start without demo data). */
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
