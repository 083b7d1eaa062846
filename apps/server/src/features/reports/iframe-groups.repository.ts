import { asc, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  contentImages,
  iframeGroupReports,
  iframeGroups,
  iframeReports,
  userIframeGroups,
} from "../../db/schema/index.ts";

// The SQL of iframe groups: the admins' list, a group's reports in order, and changes.

export type GroupValues = Partial<Pick<typeof iframeGroups.$inferInsert, "title" | "imageId" | "active">>;

export type GroupRow = Awaited<ReturnType<typeof groupRows>>[number];

/** Groups with their image; all of them or these ids. */
export function groupRows(db: Db, ids?: number[]) {
  return db
    .select({
      id: iframeGroups.id,
      title: iframeGroups.title,
      imageUuid: contentImages.uuid,
      active: iframeGroups.active,
    })
    .from(iframeGroups)
    .leftJoin(contentImages, eq(contentImages.id, iframeGroups.imageId))
    .where(ids ? inArray(iframeGroups.id, ids) : undefined);
}

/** Each group's reports in the group's order. */
export async function reportsOfGroups(db: Db, groupIds: number[]) {
  const result = new Map<number, { uuid: string; title: string; active: boolean }[]>();
  if (groupIds.length === 0) return result;
  const rows = await db
    .select({
      groupId: iframeGroupReports.groupId,
      uuid: iframeReports.uuid,
      title: iframeReports.title,
      active: iframeReports.active,
    })
    .from(iframeGroupReports)
    .innerJoin(iframeReports, eq(iframeReports.id, iframeGroupReports.reportId))
    .where(inArray(iframeGroupReports.groupId, groupIds))
    .orderBy(asc(iframeGroupReports.position), asc(iframeReports.id));
  for (const { groupId, ...report } of rows) result.set(groupId, [...(result.get(groupId) ?? []), report]);
  return result;
}

/** How many users were given each group: one grouped query. */
export async function groupUsersCounts(db: Db, groupIds?: number[]): Promise<Map<number, number>> {
  if (groupIds?.length === 0) return new Map();
  const rows = await db
    .select({ groupId: userIframeGroups.groupId, n: count() })
    .from(userIframeGroups)
    .where(groupIds ? inArray(userIframeGroups.groupId, groupIds) : undefined)
    .groupBy(userIframeGroups.groupId);
  return new Map(rows.map((r) => [r.groupId, Number(r.n)]));
}

export async function lockGroup(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: iframeGroups.id }).from(iframeGroups).where(eq(iframeGroups.id, id)).for("update");
  return rows.length > 0;
}

export async function insertGroup(db: Db, values: GroupValues & { title: string }): Promise<number> {
  const [row] = await db.insert(iframeGroups).values(values).returning({ id: iframeGroups.id });
  if (!row) throw new Error("iframe group insert returned nothing");
  return row.id;
}

export async function updateGroup(db: Db, id: number, values: GroupValues): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(iframeGroups).set(values).where(eq(iframeGroups.id, id));
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.delete(iframeGroups).where(eq(iframeGroups.id, id));
}

/** The group's reports become exactly these, in this order. */
export async function replaceGroupReports(db: Db, groupId: number, reportIds: number[]): Promise<void> {
  await db.delete(iframeGroupReports).where(eq(iframeGroupReports.groupId, groupId));
  if (reportIds.length === 0) return;
  await db.insert(iframeGroupReports).values(reportIds.map((reportId, position) => ({ groupId, reportId, position })));
}
