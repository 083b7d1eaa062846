import { and, asc, type Column, count, eq, getTableName, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  companies,
  companyMemberships,
  dtmEntries,
  farms,
  iframeReports,
  userDatabaseAccess,
  userDatabases,
  userDtmAccess,
  userFarms,
  userGroups,
  userIframeReports,
  users,
} from "../../db/schema/index.ts";

// The SQL of companies (contract business.ts): the list with counts, one company with its farms,
// members, databases and DTM entries, names, members. Farms, databases and DTM entries have
// repositories of their own for their changes.

/**
 * `"table"."column"` always: drizzle writes columns inside a select list's SQL without their table
 * when the query reads one table, which would bind a subquery's column to the subquery's own table.
 */
export const qualified = (column: Column) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/** A user's role is their first group (spec §6): the lowest position, the group id breaking a tie. */
export const roleOfUser = sql<number | null>`(select ${qualified(userGroups.groupId)} from ${userGroups}
  where ${qualified(userGroups.userId)} = ${qualified(users.id)}
  order by ${qualified(userGroups.position)}, ${qualified(userGroups.groupId)} limit 1)`;

/** The columns of a user reference (contract userRef); read them with `userRef`. */
export const userRefColumns = {
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  role: roleOfUser,
};

/** `%` and `_` typed by the admin are matched as themselves, not as wildcards. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, "\\$&")}%`;

export interface CompanyRow {
  id: number;
  uuid: string;
  name: string;
}

const companyColumns = { id: companies.id, uuid: companies.uuid, name: companies.name };

function listWhere(q: string): SQL | undefined {
  if (q === "") return undefined;
  const pattern = containing(q);
  return or(
    ilike(companies.name, pattern),
    sql`exists (select 1 from ${farms} where ${farms.companyId} = ${companies.id} and ${farms.name} ilike ${pattern})`,
  );
}

/** One page of companies by name, with counts of farms, members and databases; and how many match. */
export async function listCompanies(db: Db, q: string, limit: number, offset: number) {
  const where = listWhere(q);
  const countOf = (table: typeof farms | typeof companyMemberships | typeof userDatabases) =>
    sql<number>`(select count(*)::int from ${table} where ${qualified(table.companyId)} = ${qualified(companies.id)})`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        uuid: companies.uuid,
        name: companies.name,
        farms_count: countOf(farms),
        users_count: countOf(companyMemberships),
        databases_count: countOf(userDatabases),
      })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      farms_count: Number(r.farms_count),
      users_count: Number(r.users_count),
      databases_count: Number(r.databases_count),
    })),
    total: Number(counted?.n ?? 0),
  };
}

export async function findCompany(db: Db, uuid: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select(companyColumns).from(companies).where(eq(companies.uuid, uuid));
  return row;
}

export async function findCompanyById(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select(companyColumns).from(companies).where(eq(companies.id, id));
  return row;
}

/**
 * Locks the company until the transaction ends: changes of its name, members, farms and databases
 * run one after the other, so member checks hold until the commit.
 */
export async function lockCompany(tx: Db, uuid: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select(companyColumns).from(companies).where(eq(companies.uuid, uuid)).for("update");
  return row;
}

export async function lockCompanyById(tx: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await tx.select(companyColumns).from(companies).where(eq(companies.id, id)).for("update");
  return row;
}

const COMPANY_NAMES_LOCK = 74_236_602;

/** Company names are unique in any letter case without an index: creates and renames take turns. */
export async function lockCompanyNames(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COMPANY_NAMES_LOCK})`);
}

export async function companyNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(sql`lower(${companies.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(companies.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertCompany(tx: Db, name: string): Promise<CompanyRow> {
  const [row] = await tx.insert(companies).values({ name }).returning(companyColumns);
  if (!row) throw new Error("company insert returned nothing");
  return row;
}

export async function renameCompany(tx: Db, id: number, name: string): Promise<void> {
  await tx.update(companies).set({ name }).where(eq(companies.id, id));
}

/** Farms, memberships, farm picks and DTM entries go with it (foreign keys); databases must be gone first. */
export async function deleteCompany(tx: Db, id: number): Promise<void> {
  await tx.delete(companies).where(eq(companies.id, id));
}

export async function databaseCount(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userDatabases).where(eq(userDatabases.companyId, companyId));
  return Number(row?.n ?? 0);
}

// ---- members ----

/** The company's members by name. */
export function companyMembers(db: Db, companyId: number) {
  return db
    .select(userRefColumns)
    .from(companyMemberships)
    .innerJoin(users, eq(users.id, companyMemberships.userId))
    .where(eq(companyMemberships.companyId, companyId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.username), asc(users.id));
}

export type UserRefRow = Awaited<ReturnType<typeof companyMembers>>[number];

export async function memberIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: companyMemberships.userId })
    .from(companyMemberships)
    .where(eq(companyMemberships.companyId, companyId));
  return rows.map((r) => r.id);
}

export async function existingUserIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return rows.map((r) => r.id);
}

/**
 * Makes `userIds` the members. Those who leave lose what they were given in this company: farm
 * picks of its farms, its databases, its DTM entries and its reports.
 */
export async function replaceMembers(tx: Db, companyId: number, userIds: number[]): Promise<void> {
  const current = await memberIds(tx, companyId);
  const wanted = new Set(userIds);
  const leaving = current.filter((id) => !wanted.has(id));
  const joining = [...wanted].filter((id) => !current.includes(id));
  if (leaving.length > 0) {
    await tx
      .delete(companyMemberships)
      .where(and(eq(companyMemberships.companyId, companyId), inArray(companyMemberships.userId, leaving)));
    await tx
      .delete(userFarms)
      .where(
        and(
          inArray(userFarms.userId, leaving),
          inArray(userFarms.farmId, tx.select({ id: farms.id }).from(farms).where(eq(farms.companyId, companyId))),
        ),
      );
    await tx
      .delete(userDatabaseAccess)
      .where(
        and(
          inArray(userDatabaseAccess.userId, leaving),
          inArray(
            userDatabaseAccess.databaseId,
            tx.select({ id: userDatabases.id }).from(userDatabases).where(eq(userDatabases.companyId, companyId)),
          ),
        ),
      );
    await tx
      .delete(userDtmAccess)
      .where(
        and(
          inArray(userDtmAccess.userId, leaving),
          inArray(
            userDtmAccess.dtmEntryId,
            tx.select({ id: dtmEntries.id }).from(dtmEntries).where(eq(dtmEntries.companyId, companyId)),
          ),
        ),
      );
    await tx
      .delete(userIframeReports)
      .where(
        and(
          inArray(userIframeReports.userId, leaving),
          inArray(
            userIframeReports.reportId,
            tx.select({ id: iframeReports.id }).from(iframeReports).where(eq(iframeReports.companyId, companyId)),
          ),
        ),
      );
  }
  if (joining.length > 0) {
    await tx.insert(companyMemberships).values(joining.map((userId) => ({ userId, companyId })));
  }
}

// ---- one company's farms, databases and DTM entries, each with its users ----

/** The company's farms by name, each with the members picked for it: one query. */
export function farmsWithPicks(db: Db, where: SQL) {
  return db
    .select({
      farmId: farms.id,
      uuid: farms.uuid,
      companyId: farms.companyId,
      name: farms.name,
      useGenetic: farms.useGenetic,
      timezone: farms.timezone,
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      role: roleOfUser,
    })
    .from(farms)
    .leftJoin(userFarms, eq(userFarms.farmId, farms.id))
    .leftJoin(users, eq(users.id, userFarms.userId))
    .where(where)
    .orderBy(asc(farms.name), asc(farms.id), asc(users.lastName), asc(users.firstName), asc(users.username));
}

export type FarmPickRow = Awaited<ReturnType<typeof farmsWithPicks>>[number];

/** The company's databases by name, each with its farm and the members it is assigned to: one query. */
export function databasesWithAccess(db: Db, where: SQL) {
  return db
    .select({
      databaseId: userDatabases.id,
      uuid: userDatabases.uuid,
      companyId: userDatabases.companyId,
      name: userDatabases.name,
      server: userDatabases.server,
      dbName: userDatabases.dbName,
      active: userDatabases.active,
      kind: userDatabases.kind,
      farmUuid: farms.uuid,
      farmName: farms.name,
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      role: roleOfUser,
    })
    .from(userDatabases)
    .leftJoin(farms, eq(farms.id, userDatabases.farmId))
    .leftJoin(userDatabaseAccess, eq(userDatabaseAccess.databaseId, userDatabases.id))
    .leftJoin(users, eq(users.id, userDatabaseAccess.userId))
    .where(where)
    .orderBy(
      asc(userDatabases.name),
      asc(userDatabases.id),
      asc(users.lastName),
      asc(users.firstName),
      asc(users.username),
    );
}

export type DatabaseAccessRow = Awaited<ReturnType<typeof databasesWithAccess>>[number];

/** DTM entries by code, each with the members it is assigned to: one query. */
export function dtmWithAccess(db: Db, where: SQL) {
  return db
    .select({
      dtmEntryId: dtmEntries.id,
      uuid: dtmEntries.uuid,
      companyId: dtmEntries.companyId,
      companyCode: dtmEntries.companyCode,
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      role: roleOfUser,
    })
    .from(dtmEntries)
    .leftJoin(userDtmAccess, eq(userDtmAccess.dtmEntryId, dtmEntries.id))
    .leftJoin(users, eq(users.id, userDtmAccess.userId))
    .where(where)
    .orderBy(
      asc(dtmEntries.companyCode),
      asc(dtmEntries.id),
      asc(users.lastName),
      asc(users.firstName),
      asc(users.username),
    );
}

export type DtmAccessRow = Awaited<ReturnType<typeof dtmWithAccess>>[number];
