import { ErrorCode } from "@nadoy/contract/errors";
import { MONITORING_DEMO } from "@nadoy/contract/monitoring";
import { seesMonitoringDemo } from "@nadoy/contract/roles";
import type { Db } from "../../db/client.ts";
import { databaseOfKindFor, type KindDatabase, notFound } from "../../platform/access/database-of-kind.ts";
import type { AccessCaller } from "../../platform/access/farms-databases.ts";
import { ApiError } from "../../platform/errors.ts";
import { demoSiteDatabase } from "./demo-site/demo-database.ts";

/** Who opens a monitoring page: their id, and what their role is (the demo pages are for staff). */
export type MonitoringCaller = AccessCaller & { groups: readonly number[] };

/**
 * The monitoring database a page names: a database the caller may see (404 unseen, 409 another
 * kind), or `demo` — the demo site's database (demo-site/demo-database.ts) for staff and
 * superusers; clients 403, as the menu never offers it to them.
 */
export async function monitoringDatabaseFor(db: Db, caller: MonitoringCaller, uuid: string): Promise<KindDatabase> {
  if (uuid !== MONITORING_DEMO) return databaseOfKindFor(db, caller, uuid, "monitoring");
  if (!caller.isSuperuser && !seesMonitoringDemo({ groups: [...caller.groups] })) {
    throw new ApiError(403, ErrorCode.forbidden, "Демонстрационные страницы — для сотрудников");
  }
  const demo = await demoSiteDatabase(db);
  if (!demo) throw notFound();
  return demo;
}
