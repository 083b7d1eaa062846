import type { DatabaseKind } from "@nadoy/contract/users";
import { asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { perDatabase } from "../../db/per-database.ts";
import { announcements, companies, companyMemberships, userGroups, users } from "../../db/schema/index.ts";
import { dtmVisibleTo } from "../../platform/access/dtm.ts";
import { databaseVisibleTo, farmVisibleTo } from "../../platform/access/farms-databases.ts";
import { type ReportGroupRow, type ReportRow, visibleReportsJson } from "../../platform/access/reports.ts";

// users/data runs on every app start of every user: its queries are prepared once per database.
function prepareUserWithGroups(db: Db) {
  // The announcement bar's text (spec §4) rides along: the newest active announcement, or null.
  const announcement = db
    .select({ text: announcements.text })
    .from(announcements)
    .where(eq(announcements.active, true))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(1);
  return db
    .select({
      user: users,
      groups: sql<
        number[]
      >`coalesce(array_agg(${userGroups.groupId} order by ${userGroups.position}) filter (where ${userGroups.groupId} is not null), '{}')`,
      announcement: sql<string | null>`(${announcement})`,
    })
    .from(users)
    .leftJoin(userGroups, eq(userGroups.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .groupBy(users.id)
    .prepare("user_with_groups");
}

const companyColumns = { uuid: companies.uuid, name: companies.name };

function prepareMemberCompanies(db: Db) {
  return db
    .select(companyColumns)
    .from(companyMemberships)
    .innerJoin(companies, eq(companies.id, companyMemberships.companyId))
    .where(eq(companyMemberships.userId, sql.placeholder("userId")))
    .orderBy(asc(companies.name), asc(companies.id))
    .prepare("member_companies");
}

function prepareAllCompanies(db: Db) {
  return db
    .select(companyColumns)
    .from(companies)
    .orderBy(asc(companies.name), asc(companies.id))
    .prepare("all_companies");
}

type Prepared = {
  userWithGroups: ReturnType<typeof prepareUserWithGroups>;
  memberCompanies: ReturnType<typeof prepareMemberCompanies>;
  allCompanies: ReturnType<typeof prepareAllCompanies>;
};
const prepared = perDatabase(
  (db): Prepared => ({
    userWithGroups: prepareUserWithGroups(db),
    memberCompanies: prepareMemberCompanies(db),
    allCompanies: prepareAllCompanies(db),
  }),
);

/** The user with its groups in order, and the current announcement text (or null). */
export async function findUserWithGroups(db: Db, userId: number) {
  const [row] = await prepared(db).userWithGroups.execute({ userId });
  return row ? { ...row.user, groups: row.groups.map(Number), announcement: row.announcement } : undefined;
}

/** One row of `findUserData`: what users/data shows, read in one round trip. */
export interface UserDataRow {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  isSuperuser: boolean;
  theme: string;
  boardsMenuStyle: string;
  readStatus: boolean;
  dc305: boolean;
  exportModule: boolean;
  useBi: boolean;
  boardsEnabled: boolean;
  tablesEnabled: boolean;
  tableListsEnabled: boolean;
  groups: number[];
  announcement: string | null;
  /** By name (then id), as the database collates. */
  companies: CompanyRef[];
  /** By name (then id), as the database collates. */
  farms: { uuid: string; name: string; use_genetic: boolean }[];
  /** Active ones the caller may use, by name (then id), as the database collates. */
  databases: {
    pk: number;
    uuid: string;
    name: string;
    server: string;
    db_name: string;
    active: boolean;
    kind: DatabaseKind;
    /** A committed herd upload exists (database_upload_statistic). */
    has_uploads: boolean;
  }[];
  /** By code (then id), as the database collates. */
  dtm: { uuid: string; company_code: string }[];
  /** The keygen workspaces of the caller's companies (every company's for superusers), named after them. */
  keygenWorkspaces: { uuid: string; name: string }[];
  /** Herd segments of those databases the caller sees (own or shared), by name (then id). */
  segments: { uuid: string; name: string; active: boolean }[];
  reportGroups: ReportGroupRow[];
  reportRows: ReportRow[];
}

/** json columns: both drivers parse them, but a string is parsed here should one not. */
const parsed = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

// users/data runs on every page load: everything in one statement (sub-selects building JSON),
// prepared once per database and variant (superuser or member; every report or the viewer's).
function prepareUserData(db: Db, superuser: boolean, everyReport: boolean) {
  const userId = sql.placeholder("userId");
  const caller = { id: userId as unknown as number, isSuperuser: superuser };
  const companySource = superuser
    ? sql`"companies" "c"`
    : sql`"company_memberships" "m" join "companies" "c" on "c"."id" = "m"."company_id" and "m"."user_id" = ${userId}`;
  const reportsJson = visibleReportsJson(userId as unknown as SQL, everyReport);
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: users.avatar,
      isSuperuser: users.isSuperuser,
      theme: users.theme,
      boardsMenuStyle: users.boardsMenuStyle,
      readStatus: users.readStatus,
      dc305: users.dc305,
      exportModule: users.exportModule,
      useBi: users.useBi,
      boardsEnabled: users.boardsEnabled,
      tablesEnabled: users.tablesEnabled,
      tableListsEnabled: users.tableListsEnabled,
      groups: sql<number[]>`coalesce((select array_agg("ug"."group_id" order by "ug"."position") from "user_groups" "ug"
        where "ug"."user_id" = ${userId}), '{}')`,
      // The announcement bar's text (spec §4): the newest active announcement, or null.
      announcement: sql<string | null>`(select "a"."text" from "announcements" "a" where "a"."active"
        order by "a"."created_at" desc, "a"."id" desc limit 1)`,
      companies: sql<unknown>`(select coalesce(json_agg(json_build_object('uuid', "c"."uuid", 'name', "c"."name")
        order by "c"."name", "c"."id"), '[]'::json) from ${companySource})`,
      farms: sql<unknown>`(select coalesce(json_agg(json_build_object('uuid', "farms"."uuid", 'name', "farms"."name",
        'use_genetic', "farms"."use_genetic") order by "farms"."name", "farms"."id"), '[]'::json)
        from "farms" where ${farmVisibleTo(caller)})`,
      databases: sql<unknown>`(select coalesce(json_agg(json_build_object('pk', "user_databases"."id",
        'uuid', "user_databases"."uuid", 'name', "user_databases"."name", 'server', "user_databases"."server",
        'db_name', "user_databases"."db_name", 'active', "user_databases"."active", 'kind', "user_databases"."kind",
        'has_uploads', exists (select 1 from "herd_uploads" "hu" where "hu"."database_id" = "user_databases"."id"
          and "hu"."status" = 'committed'))
        order by "user_databases"."name", "user_databases"."id"), '[]'::json)
        from "user_databases" where ${databaseVisibleTo(caller)})`,
      dtm: sql<unknown>`(select coalesce(json_agg(json_build_object('uuid', "dtm_entries"."uuid",
        'company_code', "dtm_entries"."company_code") order by "dtm_entries"."company_code", "dtm_entries"."id"), '[]'::json)
        from "dtm_entries" where ${dtmVisibleTo(caller)})`,
      keygenWorkspaces: sql<unknown>`(select coalesce(json_agg(json_build_object('uuid', "kw"."uuid", 'name', "c"."name")
        order by "c"."name", "c"."id"), '[]'::json) from ${companySource} join "keygen_workspaces" "kw" on "kw"."company_id" = "c"."id")`,
      // The herd segments the caller sees (features/herd/segments: own or shared with the company).
      segments: sql<unknown>`(select coalesce(json_agg(json_build_object('uuid', "hs"."uuid", 'name', "hs"."name",
        'active', "hs"."active") order by "hs"."name", "hs"."id"), '[]'::json)
        from "herd_segments" "hs" join "user_databases" on "user_databases"."id" = "hs"."database_id"
        where "user_databases"."kind" = 'herd' and ${databaseVisibleTo(caller)}
          and ("hs"."owner_id" = ${userId} or "hs"."shared"))`,
      reportGroups: sql<unknown>`${reportsJson.groups}`,
      reportRows: sql<unknown>`${reportsJson.reports}`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare(`user_data_${superuser ? "all" : "member"}_${everyReport ? "every" : "viewers"}_reports`);
}

type PreparedUserData = ReturnType<typeof prepareUserData>;
/** The four variants (superuser or member × every report or viewers') of each database, as made. */
const userDataVariants = perDatabase(() => new Map<string, PreparedUserData>());

/**
 * What users/data shows of the caller, in one query: the user, groups, announcement, companies,
 * farms, databases, DTM entries (platform/access rules) and the report rows (platform/access/reports).
 */
export async function findUserData(
  db: Db,
  caller: { id: number; isSuperuser: boolean },
  everyReport: boolean,
): Promise<UserDataRow | undefined> {
  const variants = userDataVariants(db);
  const key = `${caller.isSuperuser}:${everyReport}`;
  let query = variants.get(key);
  if (!query) {
    query = prepareUserData(db, caller.isSuperuser, everyReport);
    variants.set(key, query);
  }
  const [row] = await query.execute({ userId: caller.id });
  if (!row) return undefined;
  return {
    ...row,
    groups: row.groups.map(Number),
    companies: parsed(row.companies),
    farms: parsed(row.farms),
    databases: parsed(row.databases),
    dtm: parsed(row.dtm),
    keygenWorkspaces: parsed(row.keygenWorkspaces),
    segments: parsed(row.segments),
    reportGroups: parsed(row.reportGroups),
    reportRows: parsed(row.reportRows),
  };
}

export interface CompanyRef {
  uuid: string;
  name: string;
}

/**
 * The companies a user may see, in one query: their own, or every company for a superuser. Their
 * farms come from platform/access (farm picks hide some).
 */
export function findVisibleCompanies(db: Db, userId: number, isSuperuser: boolean): Promise<CompanyRef[]> {
  return isSuperuser ? prepared(db).allCompanies.execute() : prepared(db).memberCompanies.execute({ userId });
}

export type ProfileValues = Partial<{
  theme: string;
  readStatus: boolean;
  lastReadAnnouncement: string | null;
  boardsMenuStyle: string;
  firstName: string;
  lastName: string;
}>;

export async function updateProfile(db: Db, userId: number, values: ProfileValues): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}
