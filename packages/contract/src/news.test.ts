import { describe, expect, it } from "vitest";
import { NOTIFICATIONS_DISMISS_MAX, NOTIFICATIONS_LIST_MAX } from "./constants.ts";
import {
  dismissNotificationsBodySchema,
  dismissNotificationsRoute,
  notificationSchema,
  userNotificationsBodySchema,
  userNotificationsRoute,
} from "./news.ts";

const notification = {
  pk: 7,
  fields: {
    title: "Отчёт готов",
    msg: "Надой за неделю",
    dt: "2025-11-27T09:30:00.000Z",
    read: false,
    link: "/reports",
  },
};

describe("notification schemas", () => {
  it("accept the shape of spec §3, with or without a link", () => {
    expect(notificationSchema.parse(notification)).toEqual(notification);
    expect(
      notificationSchema.safeParse({ ...notification, fields: { ...notification.fields, link: null } }).success,
    ).toBe(true);
  });

  it("refuse a date that is not ISO 8601", () => {
    const bad = { ...notification, fields: { ...notification.fields, dt: "27.11.2025" } };
    expect(notificationSchema.safeParse(bad).success).toBe(false);
  });

  it("take an empty object to list, and nothing else", () => {
    expect(userNotificationsBodySchema.safeParse({}).success).toBe(true);
    expect(userNotificationsBodySchema.safeParse({ limit: 5 }).success).toBe(false);
    expect(
      userNotificationsRoute.response.safeParse(Array(NOTIFICATIONS_LIST_MAX + 1).fill(notification)).success,
    ).toBe(false);
  });

  it(`take up to ${NOTIFICATIONS_DISMISS_MAX} positive integer pks to dismiss`, () => {
    const body = dismissNotificationsBodySchema;
    expect(body.safeParse([]).success).toBe(true);
    expect(body.safeParse([1, 2, 3]).success).toBe(true);
    expect(body.safeParse(Array(NOTIFICATIONS_DISMISS_MAX).fill(1)).success).toBe(true);
    expect(body.safeParse(Array(NOTIFICATIONS_DISMISS_MAX + 1).fill(1)).success).toBe(false);
    for (const bad of [[0], [-1], [1.5], ["1"], [2 ** 31], { pks: [1] }])
      expect(body.safeParse(bad).success).toBe(false);
    expect(dismissNotificationsRoute.status).toBe(205);
  });
});
