import type { Notification } from "@nadoy/contract/news";
import type { Db } from "../../db/client.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import * as repo from "./news.repository.ts";

export function createNewsService(db: Db) {
  return {
    /** Spec §3 "Notification", exactly: {pk, fields: {title, msg, dt, read, link}}. */
    async userNotifications(caller: AuthUser): Promise<Notification[]> {
      const rows = await repo.findVisibleNotifications(db, caller.id);
      return rows.map((row) => ({
        pk: row.id,
        fields: { title: row.title, msg: row.msg, dt: row.dt.toISOString(), read: row.read, link: row.link },
      }));
    },

    /** Only the caller's own rows change; anyone else's pks fall out of the statement's filter. */
    async dismiss(caller: AuthUser, pks: number[]): Promise<void> {
      const ids = [...new Set(pks)];
      if (ids.length === 0) return;
      await repo.dismissNotifications(db, caller.id, ids);
    },
  };
}
