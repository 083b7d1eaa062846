import type { NotificationAudience } from "@nadoy/contract/content";
import { and, asc, count, desc, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import {
  companies,
  companyMemberships,
  notificationSends,
  notifications,
  userGroups,
  users,
} from "../../db/schema/index.ts";

/** The companies of these uuids (those that exist). */
export async function findCompaniesByUuid(db: Db, uuids: readonly string[]) {
  if (uuids.length === 0) return [];
  return db
    .select({ id: companies.id, uuid: companies.uuid, name: companies.name })
    .from(companies)
    .where(inArray(companies.uuid, [...uuids]));
}

/**
 * Which active users an audience means, as a condition on `users`. Companies come as ids (the
 * service has checked their uuids). A role is the first group (spec §6), by user_groups position.
 */
function audienceCondition(audience: NotificationAudience, companyIds: readonly number[]): SQL {
  switch (audience.kind) {
    case "all":
      return sql`true`;
    case "users":
      return inArray(users.id, audience.user_ids);
    case "roles":
      return sql`(select ${userGroups.groupId} from ${userGroups} where ${userGroups.userId} = ${users.id}
        order by ${userGroups.position} limit 1) in ${audience.roles}`;
    case "companies":
      return sql`exists (select 1 from ${companyMemberships} where ${companyMemberships.userId} = ${users.id}
        and ${companyMemberships.companyId} in ${companyIds})`;
  }
}

export async function insertSend(
  db: Db,
  values: { title: string; msg: string; link: string | null; audience: string; createdBy: number },
): Promise<number> {
  const [row] = await db
    .insert(notificationSends)
    .values({ ...values, recipients: 0 })
    .returning({ id: notificationSends.id });
  if (!row) throw new Error("notification_sends insert returned nothing");
  return row.id;
}

/**
 * One notification per active user of the audience, in a single INSERT … SELECT however many they
 * are (10,000 recipients are one statement, not 10,000). Answers the recipients' ids.
 */
export async function insertRecipientRows(
  db: Db,
  send: { id: number; title: string; msg: string; link: string | null },
  audience: NotificationAudience,
  companyIds: readonly number[],
): Promise<number[]> {
  // Written out: Drizzle's insert(…).select(…) insists on every column, the serial id included.
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`insert into ${notifications} (user_id, title, msg, link, send_id)
      select ${users.id}, ${send.title}::text, ${send.msg}::text, ${send.link}::text, ${send.id}::int
      from ${users}
      where ${users.isActive} and ${audienceCondition(audience, companyIds)}
      returning user_id`,
  );
  return rows.map((row) => Number(row.user_id));
}

export async function setRecipientCount(db: Db, sendId: number, recipients: number): Promise<void> {
  await db.update(notificationSends).set({ recipients }).where(eq(notificationSends.id, sendId));
}

/** One page of sends, newest first, with its editor's names (null when that user is gone). */
export async function findSends(db: Db, page: { limit: number; offset: number }) {
  return db
    .select({
      id: notificationSends.id,
      title: notificationSends.title,
      msg: notificationSends.msg,
      link: notificationSends.link,
      audience: notificationSends.audience,
      recipients: notificationSends.recipients,
      createdAt: notificationSends.createdAt,
      creatorId: users.id,
      creatorUsername: users.username,
      creatorFirstName: users.firstName,
      creatorLastName: users.lastName,
    })
    .from(notificationSends)
    .leftJoin(users, eq(users.id, notificationSends.createdBy))
    .orderBy(desc(notificationSends.createdAt), desc(notificationSends.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countSends(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notificationSends);
  return row?.n ?? 0;
}

/** How many of each send's notifications are read: one grouped query over notifications_send_idx. */
export async function readCounts(db: Db, sendIds: readonly number[]): Promise<Map<number, number>> {
  if (sendIds.length === 0) return new Map();
  const rows = await db
    .select({ sendId: notifications.sendId, read: sql<number>`count(*) filter (where ${notifications.read})::int` })
    .from(notifications)
    .where(and(isNotNull(notifications.sendId), inArray(notifications.sendId, [...sendIds])))
    .groupBy(notifications.sendId);
  return new Map(rows.map((row) => [Number(row.sendId), Number(row.read)]));
}

/** `value` as a literal ILIKE pattern: its own %, _ and \ match themselves. */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Up to `limit` active users whose username or names contain `q` (any letter case). */
export async function searchActiveUsers(db: Db, q: string, limit: number) {
  const pattern = containsPattern(q);
  const matches =
    q === ""
      ? undefined
      : or(
          sql`${users.username} ilike ${pattern}`,
          sql`${users.firstName} ilike ${pattern}`,
          sql`${users.lastName} ilike ${pattern}`,
        );
  return db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.isActive, true), matches))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.username), asc(users.id))
    .limit(limit);
}

export async function allCompanies(db: Db) {
  return db
    .select({ uuid: companies.uuid, name: companies.name })
    .from(companies)
    .orderBy(asc(companies.name), asc(companies.id));
}
