import { pageHitRoute } from "@nadoy/contract/analytics";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createAnalyticsService } from "./analytics.service.ts";

export function analyticsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const analytics = createAnalyticsService(deps.db);
  registerRoute(app, deps.db, pageHitRoute, async ({ user, body }) => {
    await analytics.pageHit(user, body);
    return null;
  });
}
