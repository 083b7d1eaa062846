import {
  getAnnouncement,
  notificationRecipients,
  sendNotification,
  sentNotifications,
  setAnnouncement,
} from "@nadoy/contract/content";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createAnnouncementService } from "./announcement.service.ts";
import { createNotificationSendsService } from "./notification-sends.service.ts";

/** Editors' notification sends, their read counts, recipients lookup and the announcement (contract content.ts). */
export function contentNotificationsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const sends = createNotificationSendsService({ db: deps.db, realtime: deps.realtime, log: app.log });
  const announcement = createAnnouncementService(deps.db);

  registerRoute(app, deps.db, sendNotification, ({ user, body, ip }) => sends.send(user, body, ip));
  registerRoute(app, deps.db, sentNotifications, ({ query }) => sends.list(query.page));
  registerRoute(app, deps.db, notificationRecipients, ({ query }) => sends.recipients(query.q));
  registerRoute(app, deps.db, getAnnouncement, () => announcement.current());
  registerRoute(app, deps.db, setAnnouncement, ({ user, body, ip }) => announcement.set(user, body.text, ip));
}
