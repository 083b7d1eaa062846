import { z } from "zod";
import { NOTIFICATIONS_DISMISS_MAX, NOTIFICATIONS_LIST_MAX } from "./constants.ts";
import { defineRoute } from "./http.ts";

// ---- notifications (spec §3 "Notification", §4, §7) ----

/** A notification as the bell and /userprofile/notifications show it (spec §3). */
export const notificationSchema = z.object({
  pk: z.number().int(),
  fields: z.object({
    title: z.string(),
    msg: z.string(),
    /** When it was sent: ISO 8601 in UTC, e.g. "2025-11-28T09:30:00.000Z". */
    dt: z.iso.datetime(),
    /** False while unread: the bell badge counts these (spec §4, shown as 99+ above 99). */
    read: z.boolean(),
    /** An app route to open, e.g. "/reports", or null. */
    link: z.string().nullable(),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Largest pk a notification can have (a PostgreSQL integer). */
const PK_MAX = 2_147_483_647;

/** Spec §7: the poll sends an empty object; any field is refused with 400. */
export const userNotificationsBodySchema = z.strictObject({});

/**
 * The pks to dismiss: one for a single notification, every shown pk for "clear all". They are
 * marked read and disappear from the list. Pks of other users' notifications, unknown or
 * already dismissed ones are ignored without an error. An empty list changes nothing.
 */
export const dismissNotificationsBodySchema = z
  .array(z.number().int().min(1).max(PK_MAX))
  .max(NOTIFICATIONS_DISMISS_MAX, `Не более ${NOTIFICATIONS_DISMISS_MAX} уведомлений за раз`);

export const userNotificationsRoute = defineRoute({
  method: "POST",
  path: "/api/news/user_notifications/",
  auth: "user",
  body: userNotificationsBodySchema,
  /**
   * The caller's notifications that are not dismissed, newest first (then by pk, newest first),
   * at most NOTIFICATIONS_LIST_MAX (500) of them. Polled every NOTIFICATION_POLL_MS (spec §9).
   */
  response: z.array(notificationSchema).max(NOTIFICATIONS_LIST_MAX),
  summary: "Уведомления пользователя (не удалённые), новые первыми, не более 500",
});

export const dismissNotificationsRoute = defineRoute({
  method: "PUT",
  path: "/api/news/user_notifications/",
  auth: "user",
  /** Answers 205 with an empty body (spec §7: anything else is a failure). */
  status: 205,
  body: dismissNotificationsBodySchema,
  response: z.null(),
  summary: "Удалить (и отметить прочитанными) уведомления пользователя",
});
