import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import {
  companies,
  companyMemberships,
  contentImages,
  iframeGroupReports,
  iframeGroups,
  iframeReports,
  userGroups,
  users,
} from "../../db/schema/index.ts";

// The SQL of reports: the admins' catalogue, one report's embed settings, the viewer an admin
// looks at, and the ids behind the uuids a form sends.

export type ReportValues = Partial<
  Pick<
    typeof iframeReports.$inferInsert,
    | "title"
    | "tag"
    | "imageId"
    | "active"
    | "provider"
    | "url"
    | "resourceId"
    | "restrictParam"
    | "secret"
    | "companyId"
  >
>;

const reportColumns = {
  id: iframeReports.id,
  uuid: iframeReports.uuid,
  title: iframeReports.title,
  tag: iframeReports.tag,
  imageUuid: contentImages.uuid,
  active: iframeReports.active,
  provider: iframeReports.provider,
  url: iframeReports.url,
  resourceId: iframeReports.resourceId,
  restrictParam: iframeReports.restrictParam,
  hasSecret: sql<boolean>`${iframeReports.secret} is not null`,
  companyUuid: companies.uuid,
  companyName: companies.name,
  updatedAt: iframeReports.updatedAt,
};

export type ReportRow = Awaited<ReturnType<typeof reportRows>>[number];

/** Reports with their image and company (no secret); all of them or these ids. */
export function reportRows(db: Db, ids?: number[]) {
  return db
    .select(reportColumns)
    .from(iframeReports)
    .leftJoin(contentImages, eq(contentImages.id, iframeReports.imageId))
    .leftJoin(companies, eq(companies.id, iframeReports.companyId))
    .where(ids ? inArray(iframeReports.id, ids) : undefined);
}

/** The groups holding each of these reports. */
export async function groupsOfReports(db: Db, reportIds: number[]) {
  if (reportIds.length === 0) return new Map<number, { pk: number; title: string }[]>();
  const rows = await db
    .select({ reportId: iframeGroupReports.reportId, pk: iframeGroups.id, title: iframeGroups.title })
    .from(iframeGroupReports)
    .innerJoin(iframeGroups, eq(iframeGroups.id, iframeGroupReports.groupId))
    .where(inArray(iframeGroupReports.reportId, reportIds));
  const result = new Map<number, { pk: number; title: string }[]>();
  for (const { reportId, ...group } of rows) result.set(reportId, [...(result.get(reportId) ?? []), group]);
  for (const groups of result.values()) groups.sort((a, b) => a.title.localeCompare(b.title, "ru") || a.pk - b.pk);
  return result;
}

/** How many users were given each report, directly or through a group: one grouped query. */
export async function reportUsersCounts(db: Db, reportIds?: number[]): Promise<Map<number, number>> {
  if (reportIds?.length === 0) return new Map();
  const filter = (column: SQL): SQL =>
    reportIds
      ? sql`${column} in (${sql.join(
          reportIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`true`;
  const rows = await queryRows<{ report_id: number; n: number }>(
    db,
    sql`select report_id, count(distinct user_id)::int as n from (
          select ur.report_id, ur.user_id from user_iframe_reports ur where ${filter(sql`ur.report_id`)}
          union
          select gr.report_id, ug.user_id from iframe_group_reports gr
            join user_iframe_groups ug on ug.group_id = gr.group_id
            where ${filter(sql`gr.report_id`)}
        ) given group by report_id`,
  );
  return new Map(rows.map((r) => [Number(r.report_id), Number(r.n)]));
}

/** A report's id and what the admin may change, locked for the transaction when `lock`. */
export async function findReport(db: Db, uuid: string, lock = false) {
  const query = db
    .select({
      id: iframeReports.id,
      provider: iframeReports.provider,
      resourceId: iframeReports.resourceId,
      secret: iframeReports.secret,
    })
    .from(iframeReports)
    .where(eq(iframeReports.uuid, uuid));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function insertReport(
  db: Db,
  values: ReportValues & { title: string; tag: string; url: string },
): Promise<number> {
  const [row] = await db.insert(iframeReports).values(values).returning({ id: iframeReports.id });
  if (!row) throw new Error("report insert returned nothing");
  return row.id;
}

export async function updateReport(db: Db, id: number, values: ReportValues): Promise<void> {
  await db
    .update(iframeReports)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(iframeReports.id, id));
}

export async function deleteReport(db: Db, id: number): Promise<void> {
  await db.delete(iframeReports).where(eq(iframeReports.id, id));
}

/** What an embed needs: provider, address, key, restriction and the report's company. */
export async function embedSettings(db: Db, reportId: number) {
  const [row] = await db
    .select({
      provider: iframeReports.provider,
      url: iframeReports.url,
      resourceId: iframeReports.resourceId,
      restrictParam: iframeReports.restrictParam,
      secret: iframeReports.secret,
      companyUuid: companies.uuid,
    })
    .from(iframeReports)
    .leftJoin(companies, eq(companies.id, iframeReports.companyId))
    .where(eq(iframeReports.id, reportId));
  return row;
}

/** The uuids of the user's companies, oldest company first. */
export async function companyUuidsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ uuid: companies.uuid })
    .from(companyMemberships)
    .innerJoin(companies, eq(companies.id, companyMemberships.companyId))
    .where(eq(companyMemberships.userId, userId))
    .orderBy(asc(companies.id));
  return rows.map((r) => r.uuid);
}

/** A user as a reports viewer, with their name; groups (roles) in order. */
export async function findViewer(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      isSuperuser: users.isSuperuser,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      groups: sql<
        number[]
      >`coalesce(array_agg(${userGroups.groupId} order by ${userGroups.position}) filter (where ${userGroups.groupId} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(userGroups, eq(userGroups.userId, users.id))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  return row && { ...row, groups: row.groups.map(Number) };
}

export async function contentImageId(db: Db, uuid: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: contentImages.id })
    .from(contentImages)
    .where(eq(contentImages.uuid, uuid))
    .limit(1);
  return row?.id;
}

export async function companyId(db: Db, uuid: string): Promise<number | undefined> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.uuid, uuid)).limit(1);
  return row?.id;
}

/** Report ids by uuid (the ones that exist). */
export async function reportIdsByUuid(db: Db, uuids: string[]): Promise<Map<string, number>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({ id: iframeReports.id, uuid: iframeReports.uuid })
    .from(iframeReports)
    .where(inArray(iframeReports.uuid, uuids));
  return new Map(rows.map((r) => [r.uuid, r.id]));
}
