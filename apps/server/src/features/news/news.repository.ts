import { NOTIFICATIONS_LIST_MAX } from "@nadoy/contract/constants";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { perDatabase } from "../../db/per-database.ts";
import { notifications } from "../../db/schema/index.ts";

// The bell polls this every 15 s in every open tab: prepared once per database.
function prepareVisible(db: Db) {
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      msg: notifications.msg,
      dt: notifications.dt,
      read: notifications.read,
      link: notifications.link,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder("userId")), isNull(notifications.dismissedAt)))
    .orderBy(desc(notifications.dt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIST_MAX)
    .prepare("visible_notifications");
}

const preparedVisible = perDatabase(prepareVisible);

/** A user's notifications that are not dismissed, newest first (index notifications_user_visible_idx). */
export async function findVisibleNotifications(db: Db, userId: number) {
  return preparedVisible(db).execute({ userId });
}

/** Dismisses and marks read, in one statement, those of these notifications that belong to the user. */
export async function dismissNotifications(db: Db, userId: number, ids: number[]): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ dismissedAt: new Date(), read: true })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.dismissedAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
