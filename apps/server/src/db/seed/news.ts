import type { Db } from "../client.ts";
import { announcements, notifications } from "../schema/index.ts";

export interface SeedNotificationInput {
  title: string;
  msg: string;
  /** Default: now. */
  dt?: Date;
  read?: boolean;
  /** An app route such as "/reports", or null (the default). */
  link?: string | null;
  /** Set to seed an already dismissed notification. */
  dismissedAt?: Date | null;
}

/** Gives a user these notifications; returns the rows in the order given. */
export async function seedNotifications(db: Db, userId: number, items: SeedNotificationInput[]) {
  if (items.length === 0) return [];
  return db
    .insert(notifications)
    .values(
      items.map((item) => ({
        userId,
        title: item.title,
        msg: item.msg,
        dt: item.dt ?? new Date(),
        read: item.read ?? false,
        link: item.link ?? null,
        dismissedAt: item.dismissedAt ?? null,
      })),
    )
    .returning();
}

export interface SeedAnnouncementInput {
  text: string;
  /** Default true. */
  active?: boolean;
  /** Default: now. The newest active announcement is the one shown. */
  createdAt?: Date;
}

export async function seedAnnouncement(db: Db, input: SeedAnnouncementInput) {
  const [row] = await db
    .insert(announcements)
    .values({ text: input.text, active: input.active ?? true, createdAt: input.createdAt ?? new Date() })
    .returning();
  if (!row) throw new Error("announcement insert returned nothing");
  return row;
}
