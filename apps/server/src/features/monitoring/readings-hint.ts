import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { userDatabases } from "../../db/schema/index.ts";
import { companyTopic } from "../../platform/realtime/channels.ts";
import type { RealtimeHub } from "../../platform/realtime/hub.ts";

/** Called after a batch's readings committed into a monitoring database. */
export type ReadingsArrived = (databaseId: number) => void;

/**
 * MONITORING_READINGS (contract realtime.ts) to the main sockets of the database's company, on every
 * instance: an open monitoring page of that database refetches. Only a hint, sent after the answer's
 * work is done; a lost one costs the page its live update until the next refetch, nothing more.
 */
export function readingsHints(db: Db, realtime: RealtimeHub): ReadingsArrived {
  return (databaseId) => {
    db.select({ uuid: userDatabases.uuid, companyId: userDatabases.companyId })
      .from(userDatabases)
      .where(eq(userDatabases.id, databaseId))
      .then(([row]) =>
        row
          ? realtime.publish(
              "main",
              { msg_type: "MONITORING_READINGS", database: row.uuid },
              companyTopic(row.companyId, "monitoring"),
            )
          : undefined,
      )
      .catch(() => undefined);
  };
}
