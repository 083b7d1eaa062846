import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { announcements } from "../../db/schema/index.ts";

// Spec §4: the newest active announcement is the one shown — the same rule users/data reads with
// (features/users/users.repository.ts), restated here because features do not import each other.

/** Any number: the key of the transaction lock that orders editors' announcement changes. */
const ANNOUNCEMENT_LOCK = 74_236_606;

/** Two editors changing the announcement at once take turns, so that one stays active, not two. */
export async function lockAnnouncement(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ANNOUNCEMENT_LOCK})`);
}

export async function findCurrent(db: Db): Promise<{ id: number; text: string } | undefined> {
  const [row] = await db
    .select({ id: announcements.id, text: announcements.text })
    .from(announcements)
    .where(eq(announcements.active, true))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(1);
  return row;
}

export async function deactivateAll(db: Db): Promise<void> {
  await db.update(announcements).set({ active: false }).where(eq(announcements.active, true));
}

export async function insertActive(db: Db, text: string): Promise<number> {
  const [row] = await db.insert(announcements).values({ text, active: true }).returning({ id: announcements.id });
  if (!row) throw new Error("announcement insert returned nothing");
  return row.id;
}
