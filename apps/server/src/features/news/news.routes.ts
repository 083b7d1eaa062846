import { dismissNotificationsRoute, userNotificationsRoute } from "@nadoy/contract/news";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createNewsService } from "./news.service.ts";

export function newsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const news = createNewsService(deps.db);
  registerRoute(app, deps.db, userNotificationsRoute, ({ user }) => news.userNotifications(user));
  registerRoute(app, deps.db, dismissNotificationsRoute, async ({ user, body }) => {
    await news.dismiss(user, body);
    return null;
  });
}
