import type { Db } from "../../db/client.ts";
import { audit } from "../../platform/audit.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import * as repo from "./announcement.repository.ts";

export function createAnnouncementService(db: Db) {
  return {
    async current(): Promise<{ text: string | null }> {
      return { text: (await repo.findCurrent(db))?.text ?? null };
    },

    /**
     * A text becomes the one active announcement (older ones are switched off); null switches every
     * one off. With the audit entry, in one transaction. Clearing when nothing is shown changes
     * nothing and is not logged.
     */
    async set(caller: AuthUser, text: string | null, ip: string): Promise<{ text: string | null }> {
      await db.transaction(async (tx) => {
        await repo.lockAnnouncement(tx);
        const before = await repo.findCurrent(tx);
        await repo.deactivateAll(tx);
        if (text === null) {
          if (!before) return;
          await audit(tx, {
            action: "announcement_cleared",
            userId: caller.id,
            ip,
            details: { id: before.id, before: before.text, after: null },
          });
          return;
        }
        const id = await repo.insertActive(tx, text);
        await audit(tx, {
          action: "announcement_set",
          userId: caller.id,
          ip,
          details: { id, before: before?.text ?? null, after: text },
        });
      });
      return { text };
    },
  };
}
