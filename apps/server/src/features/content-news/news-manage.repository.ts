import type { NewsAudience } from "@nadoy/contract/content";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { companies, contentImages, news, newsCompanies, newsRoles, users } from "../../db/schema/index.ts";

// The editors' SQL: every news item whatever its status or audience, its audience rows, and the
// names of who created and last changed it.

const creator = alias(users, "creator");
const updater = alias(users, "updater");

const managedColumns = {
  id: news.id,
  title: news.title,
  excerpt: news.excerpt,
  body: news.body,
  coverUuid: contentImages.uuid,
  publishAt: news.publishAt,
  audience: news.audience,
  createdAt: news.createdAt,
  updatedAt: news.updatedAt,
  creatorId: creator.id,
  creatorUsername: creator.username,
  creatorFirstName: creator.firstName,
  creatorLastName: creator.lastName,
  updaterId: updater.id,
  updaterUsername: updater.username,
  updaterFirstName: updater.firstName,
  updaterLastName: updater.lastName,
};

function managedQuery(db: Db) {
  return db
    .select(managedColumns)
    .from(news)
    .leftJoin(contentImages, eq(contentImages.id, news.coverImageId))
    .leftJoin(creator, eq(creator.id, news.createdBy))
    .leftJoin(updater, eq(updater.id, news.updatedBy));
}

export type ManagedRow = Awaited<ReturnType<ReturnType<typeof managedQuery>["execute"]>>[number];

/** Every item, the latest change first (news_updated_idx). */
export function allNews(db: Db): Promise<ManagedRow[]> {
  return managedQuery(db).orderBy(desc(news.updatedAt), desc(news.id));
}

export async function findNews(db: Db, id: number): Promise<ManagedRow | undefined> {
  const [row] = await managedQuery(db).where(eq(news.id, id)).limit(1);
  return row;
}

/** Locks the item for the rest of the transaction, so that concurrent edits audit in turn; false when missing. */
export async function lockNews(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: news.id }).from(news).where(eq(news.id, id)).for("update");
  return rows.length > 0;
}

export interface AudienceRows {
  companies: { uuid: string; name: string }[];
  roles: number[];
}

/** The companies and roles of these items' audiences, by item id. */
export async function audienceRows(db: Db, ids: number[]): Promise<Map<number, AudienceRows>> {
  const result = new Map<number, AudienceRows>(ids.map((id) => [id, { companies: [], roles: [] }]));
  if (ids.length === 0) return result;
  const companyRows = await db
    .select({ newsId: newsCompanies.newsId, uuid: companies.uuid, name: companies.name })
    .from(newsCompanies)
    .innerJoin(companies, eq(companies.id, newsCompanies.companyId))
    .where(inArray(newsCompanies.newsId, ids))
    .orderBy(companies.name, companies.id);
  for (const row of companyRows) result.get(row.newsId)?.companies.push({ uuid: row.uuid, name: row.name });
  const roleRows = await db
    .select({ newsId: newsRoles.newsId, roleId: newsRoles.roleId })
    .from(newsRoles)
    .where(inArray(newsRoles.newsId, ids))
    .orderBy(newsRoles.roleId);
  for (const row of roleRows) result.get(row.newsId)?.roles.push(row.roleId);
  return result;
}

/** The id of a content image, or undefined when no image has this uuid. */
export async function contentImageId(db: Db, uuid: string): Promise<number | undefined> {
  const [row] = await db.select({ id: contentImages.id }).from(contentImages).where(eq(contentImages.uuid, uuid));
  return row?.id;
}

/** Company ids by uuid, for those that exist. */
export async function companyIds(db: Db, uuids: string[]): Promise<Map<string, number>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, uuid: companies.uuid })
    .from(companies)
    .where(inArray(companies.uuid, uuids));
  return new Map(rows.map((r) => [r.uuid, r.id]));
}

export interface NewsValues {
  title?: string;
  excerpt?: string;
  body?: string;
  coverImageId?: number | null;
  publishAt?: Date | null;
  audience?: NewsAudience["kind"];
}

export async function insertNews(db: Db, values: NewsValues & { title: string }, editorId: number): Promise<number> {
  const [row] = await db
    .insert(news)
    .values({ ...values, createdBy: editorId, updatedBy: editorId })
    .returning({ id: news.id });
  if (!row) throw new Error("news insert returned nothing");
  return row.id;
}

/** Changes the item and marks it as changed now by this editor. */
export async function updateNews(db: Db, id: number, values: NewsValues, editorId: number): Promise<void> {
  await db
    .update(news)
    .set({ ...values, updatedBy: editorId, updatedAt: sql`now()` })
    .where(eq(news.id, id));
}

export async function deleteNews(db: Db, id: number): Promise<void> {
  await db.delete(news).where(eq(news.id, id));
}

/** Replaces the item's company and role rows with these (both empty for "all"). */
export async function replaceAudience(
  db: Db,
  id: number,
  audience: { companyIds: number[]; roles: number[] },
): Promise<void> {
  await db.delete(newsCompanies).where(eq(newsCompanies.newsId, id));
  await db.delete(newsRoles).where(eq(newsRoles.newsId, id));
  if (audience.companyIds.length > 0) {
    await db.insert(newsCompanies).values(audience.companyIds.map((companyId) => ({ newsId: id, companyId })));
  }
  if (audience.roles.length > 0) {
    await db.insert(newsRoles).values(audience.roles.map((roleId) => ({ newsId: id, roleId })));
  }
}
