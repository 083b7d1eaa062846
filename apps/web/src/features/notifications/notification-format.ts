import { BELL_COUNTER_CAP } from "@nadoy/contract/constants";
import type { Notification } from "@nadoy/contract/news";
import { pluralRu } from "@nadoy/contract/plural";

/** Spec §4: the badge counts unread notifications and shows «99+» above 99. */
export function bellCounterText(unread: number): string {
  return unread > BELL_COUNTER_CAP ? `${BELL_COUNTER_CAP}+` : String(unread);
}

export function unreadCount(notifications: readonly Notification[]): number {
  return notifications.filter((notification) => !notification.fields.read).length;
}

/** «1 уведомление», «3 уведомления», «120 уведомлений» (spec §9 plural helper). */
export function notificationCountText(count: number): string {
  return `${count} ${pluralRu(count, ["уведомление", "уведомления", "уведомлений"])}`;
}

/** «3 непрочитанных», «1 непрочитанное». */
export function unreadCountText(count: number): string {
  return `${count} ${pluralRu(count, ["непрочитанное", "непрочитанных", "непрочитанных"])}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Spec §9: the date as dd.mm.yyyy, in the user's time zone. The spec notes that the month part
 * "is built without adding one, so it may be zero-based; intent not shown" — i.e. the original
 * used Date.getMonth() as is and showed November as «10». We show the real month (getMonth() + 1):
 * a date a farmer reads must be right.
 */
export function formatNotificationDate(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** Where a notification's link leads: a route of this app, a page elsewhere, or nowhere usable. */
export type NotificationTarget = { kind: "app"; to: string } | { kind: "external"; href: string } | null;

export function notificationTarget(link: string | null): NotificationTarget {
  if (!link) return null;
  if (link.startsWith("/") && !link.startsWith("//")) return { kind: "app", to: link };
  try {
    const url = new URL(link);
    if (url.protocol === "http:" || url.protocol === "https:") {
      // A full address of this very site is still an app route: no new tab for it.
      if (url.origin === window.location.origin) return { kind: "app", to: `${url.pathname}${url.search}${url.hash}` };
      return { kind: "external", href: url.href };
    }
  } catch {
    // Not an address at all.
  }
  return null;
}
