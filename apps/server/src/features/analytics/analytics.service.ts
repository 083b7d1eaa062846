import type { PageHitBody } from "@nadoy/contract/analytics";
import type { Db } from "../../db/client.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import * as repo from "./analytics.repository.ts";

/** Routes whose last segment is a mailed secret (spec §2): stored without it. */
const SECRET_SEGMENT_ROUTES = /^\/(reset-password|registration-confirm)\/[^/]+/;

/**
 * What is stored of a path: the pathname only (a query or hash may carry codes, e.g. Yandex's
 * ?code=…&state=…) and secret segments replaced by ":token".
 */
export function storedPath(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] || "/";
  return pathname.replace(SECRET_SEGMENT_ROUTES, "/$1/:token");
}

export function createAnalyticsService(db: Db) {
  return {
    async pageHit(caller: AuthUser, body: PageHitBody): Promise<void> {
      await repo.insertPageHit(db, { userId: caller.id, path: storedPath(body.path) });
    },
  };
}
