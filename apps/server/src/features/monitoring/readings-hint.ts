import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { userDatabases } from "../../db/schema/index.ts";
import { companyTopic, DEMO_MONITORING_TOPIC } from "../../platform/realtime/channels.ts";
import type { RealtimeHub } from "../../platform/realtime/hub.ts";
import { DEMO_SITE_SERVER } from "./demo-site/demo-database.ts";

/** Called after a batch's readings committed into a monitoring database. */
export type ReadingsArrived = (databaseId: number) => void;

/**
 * MONITORING_READINGS (contract realtime.ts) to the main sockets of the database's company, on every
 * instance: an open monitoring page of that database refetches. The demo pages' database has no
 * members: its hint goes to the staff, who open it at `demo` (DEMO_MONITORING_TOPIC). Only a hint,
 * sent after the answer's work is done; a lost one costs the page its live update until the next
 * refetch, nothing more.
 */
export function readingsHints(db: Db, realtime: RealtimeHub): ReadingsArrived {
  return (databaseId) => {
    db.select({ uuid: userDatabases.uuid, companyId: userDatabases.companyId, server: userDatabases.server })
      .from(userDatabases)
      .where(eq(userDatabases.id, databaseId))
      .then(([row]) =>
        row
          ? realtime.publish(
              "main",
              { msg_type: "MONITORING_READINGS", database: row.uuid },
              row.server === DEMO_SITE_SERVER ? DEMO_MONITORING_TOPIC : companyTopic(row.companyId, "monitoring"),
            )
          : undefined,
      )
      .catch(() => undefined);
  };
}
