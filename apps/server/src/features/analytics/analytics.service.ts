import { type PageHitBody, shareablePath } from "@nadoy/contract/analytics";
import type { Db } from "../../db/client.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import * as repo from "./analytics.repository.ts";

export function createAnalyticsService(db: Db) {
  return {
    async pageHit(caller: AuthUser, body: PageHitBody): Promise<void> {
      await repo.insertPageHit(db, { userId: caller.id, path: shareablePath(body.path) });
    },
  };
}
