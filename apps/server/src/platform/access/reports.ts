import { contentImagePath } from "@nadoy/contract/content";
import type { PortalGroup, PortalReport } from "@nadoy/contract/reports";
import { ADMIN_ROLES, hasRoleOrSuperuser } from "@nadoy/contract/roles";
import { and, eq, exists, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { perDatabase } from "../../db/per-database.ts";
import {
  companyMemberships,
  contentImages,
  iframeGroupReports,
  iframeGroups,
  iframeReports,
  userIframeGroups,
  userIframeReports,
} from "../../db/schema/index.ts";

// Who sees which report (contract reports.ts header): an active report given directly, or through
// an active iframe group given to the viewer; a report of a company only for that company's
// members. Superusers and admins (role 1) see every active report; their groups are the ones given
// to them. Used by the reports portal and by users/data (iframes, iframegroup, reports).

/** Whoever the portal is built for: the caller (AuthUser fits), or a user an admin looks at. */
export interface ReportsViewer {
  id: number;
  isSuperuser: boolean;
  /** Role ids in order; the first is the role (spec §6). */
  groups: readonly number[];
}

export interface VisibleReports {
  /** Every report the viewer may open, by title. */
  reports: PortalReport[];
  /** The viewer's active groups, by title, each with its visible reports in the group's order. */
  groups: PortalGroup[];
}

/** Superusers and role 1 see every active report, whatever was given and whichever company. */
export function seesEveryReport(viewer: ReportsViewer): boolean {
  return hasRoleOrSuperuser({ is_superuser: viewer.isSuperuser, groups: [...viewer.groups] }, ADMIN_ROLES);
}

// One collator, not one per comparison (localeCompare with a locale builds one each call).
const ruCollator = new Intl.Collator("ru");
const byTitle = (a: { title: string; pk: number }, b: { title: string; pk: number }) =>
  ruCollator.compare(a.title, b.title) || a.pk - b.pk;

const imagePath = (uuid: string | null) => (uuid === null ? null : contentImagePath(uuid));

// users/data runs these on every app start: prepared once per database (drizzle builds the SQL
// once, not per request), the reports in two variants (every active one, or the viewer's).
function prepare(db: Db) {
  const viewerId = sql.placeholder("viewerId");
  const groupRows = db
    .select({ pk: iframeGroups.id, title: iframeGroups.title, active: iframeGroups.active, img: contentImages.uuid })
    .from(userIframeGroups)
    .innerJoin(iframeGroups, eq(iframeGroups.id, userIframeGroups.groupId))
    .leftJoin(contentImages, eq(contentImages.id, iframeGroups.imageId))
    .where(and(eq(userIframeGroups.userId, viewerId), eq(iframeGroups.active, true)))
    .prepare("visible_report_groups");

  const givenGroupIds = db
    .select({ id: userIframeGroups.groupId })
    .from(userIframeGroups)
    .innerJoin(iframeGroups, eq(iframeGroups.id, userIframeGroups.groupId))
    .where(and(eq(userIframeGroups.userId, viewerId), eq(iframeGroups.active, true)));
  const givenDirectly = exists(
    db
      .select({ one: sql`1` })
      .from(userIframeReports)
      .where(and(eq(userIframeReports.userId, viewerId), eq(userIframeReports.reportId, iframeReports.id))),
  );
  const ofViewersCompany = or(
    isNull(iframeReports.companyId),
    exists(
      db
        .select({ one: sql`1` })
        .from(companyMemberships)
        .where(and(eq(companyMemberships.userId, viewerId), eq(companyMemberships.companyId, iframeReports.companyId))),
    ),
  );
  // One row per (report, viewer's active group holding it), or (report, null) when no such group.
  const reportRows = (everyReport: boolean, name: string) =>
    db
      .select({
        pk: iframeReports.id,
        uuid: iframeReports.uuid,
        title: iframeReports.title,
        tag: iframeReports.tag,
        active: iframeReports.active,
        img: contentImages.uuid,
        groupId: iframeGroupReports.groupId,
        position: iframeGroupReports.position,
      })
      .from(iframeReports)
      .leftJoin(contentImages, eq(contentImages.id, iframeReports.imageId))
      .leftJoin(
        iframeGroupReports,
        and(eq(iframeGroupReports.reportId, iframeReports.id), inArray(iframeGroupReports.groupId, givenGroupIds)),
      )
      .where(
        and(
          eq(iframeReports.active, true),
          everyReport ? undefined : and(ofViewersCompany, or(isNotNull(iframeGroupReports.groupId), givenDirectly)),
        ),
      )
      .prepare(name);
  return {
    groupRows,
    everyReport: reportRows(true, "visible_reports_all"),
    viewersReports: reportRows(false, "visible_reports_member"),
  };
}

const prepared = perDatabase(prepare);

/** The viewer's reports and groups in two queries (groups; reports with the viewer's groups holding them). */
export async function visibleReports(db: Db, viewer: ReportsViewer): Promise<VisibleReports> {
  const p = prepared(db);
  const [groupRows, rows] = await Promise.all([
    p.groupRows.execute({ viewerId: viewer.id }),
    (seesEveryReport(viewer) ? p.everyReport : p.viewersReports).execute({ viewerId: viewer.id }),
  ]);
  return assembleReports(groupRows, rows);
}

/** A group given to the viewer, as the queries read it. */
export interface ReportGroupRow {
  pk: number;
  title: string;
  active: boolean;
  img: string | null;
}

/** A visible report, once per viewer's active group holding it (groupId null when none). */
export interface ReportRow {
  pk: number;
  uuid: string;
  title: string;
  tag: string;
  active: boolean;
  img: string | null;
  groupId: number | null;
  position: number | null;
}

/**
 * The same two lists as JSON arrays of `ReportGroupRow` and `ReportRow`, for a query that reads
 * everything in one round trip (users/data): `viewerId` is the SQL of the viewer's id.
 */
export function visibleReportsJson(viewerId: SQL, everyReport: boolean): { groups: SQL; reports: SQL } {
  const givenGroupIds = sql`select "uig"."group_id" from "user_iframe_groups" "uig"
      join "iframe_groups" "gg" on "gg"."id" = "uig"."group_id"
      where "uig"."user_id" = ${viewerId} and "gg"."active" = true`;
  const visible = everyReport
    ? sql`true`
    : sql`("r"."company_id" is null or exists (select 1 from "company_memberships" "cm"
          where "cm"."user_id" = ${viewerId} and "cm"."company_id" = "r"."company_id"))
        and ("gr"."group_id" is not null or exists (select 1 from "user_iframe_reports" "ur"
          where "ur"."user_id" = ${viewerId} and "ur"."report_id" = "r"."id"))`;
  return {
    groups: sql`(select coalesce(json_agg(json_build_object('pk', "g"."id", 'title', "g"."title",
        'active', "g"."active", 'img', "gi"."uuid")), '[]'::json)
      from "user_iframe_groups" "ug"
      join "iframe_groups" "g" on "g"."id" = "ug"."group_id"
      left join "content_images" "gi" on "gi"."id" = "g"."image_id"
      where "ug"."user_id" = ${viewerId} and "g"."active" = true)`,
    reports: sql`(select coalesce(json_agg(json_build_object('pk', "r"."id", 'uuid', "r"."uuid",
        'title', "r"."title", 'tag', "r"."tag", 'active', "r"."active", 'img', "ri"."uuid",
        'groupId', "gr"."group_id", 'position', "gr"."position")), '[]'::json)
      from "iframe_reports" "r"
      left join "content_images" "ri" on "ri"."id" = "r"."image_id"
      left join "iframe_group_reports" "gr" on "gr"."report_id" = "r"."id" and "gr"."group_id" in (${givenGroupIds})
      where "r"."active" = true and ${visible})`,
  };
}

/** The portal's lists from the rows of the two queries (any row order: every sort here is total). */
export function assembleReports(groupRows: readonly ReportGroupRow[], rows: readonly ReportRow[]): VisibleReports {
  const reports = new Map<number, PortalReport>();
  const members = new Map<number, { report: PortalReport; position: number }[]>();
  for (const row of rows) {
    let report = reports.get(row.pk);
    if (!report) {
      report = {
        pk: row.pk,
        uuid: row.uuid,
        title: row.title,
        tag: row.tag,
        img: imagePath(row.img),
        active: row.active,
        group: [],
      };
      reports.set(row.pk, report);
    }
    if (row.groupId !== null) {
      report.group.push(row.groupId);
      const list = members.get(row.groupId) ?? [];
      list.push({ report, position: row.position ?? 0 });
      members.set(row.groupId, list);
    }
  }
  for (const report of reports.values()) report.group.sort((a, b) => a - b);

  const groups: PortalGroup[] = groupRows.map((g) => ({
    pk: g.pk,
    title: g.title,
    img: imagePath(g.img),
    active: g.active,
    iframegroup: (members.get(g.pk) ?? [])
      .sort((a, b) => a.position - b.position || byTitle(a.report, b.report))
      .map((m) => m.report),
  }));
  return { reports: [...reports.values()].sort(byTitle), groups: groups.sort(byTitle) };
}
