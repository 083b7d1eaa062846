import { Role } from "@nadoy/contract/roles";
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  companies,
  companyMemberships,
  farms,
  userDatabaseAccess,
  userDatabases,
  userFarms,
  userIframeGroups,
  userIframeReports,
  users,
} from "../../db/schema/index.ts";
import { containing, qualified, roleOfUser } from "./business.repository.ts";

// The SQL of the business users page: clients (role 7), or every client and company member, with
// their companies, farm picks, databases and how many reports and iframe groups they were given.
// A page is five queries whatever it holds.

export interface BusinessUserFilter {
  q: string;
  /** undefined: any company; null: a company that does not exist (nobody). */
  companyId: number | null | undefined;
  clientsOnly: boolean;
}

const isClient = sql`${roleOfUser} = ${Role.client}`;
const memberOf = (companyId?: number) =>
  sql`exists (select 1 from ${companyMemberships} where ${qualified(companyMemberships.userId)} = ${qualified(users.id)}${
    companyId === undefined ? sql`` : sql` and ${qualified(companyMemberships.companyId)} = ${companyId}`
  })`;

function whereOf(filter: BusinessUserFilter): SQL | undefined {
  if (filter.companyId === null) return sql`false`;
  const conditions: (SQL | undefined)[] = [filter.clientsOnly ? isClient : or(isClient, memberOf())];
  if (filter.companyId !== undefined) conditions.push(memberOf(filter.companyId));
  if (filter.q !== "") {
    const pattern = containing(filter.q);
    conditions.push(
      or(
        ilike(users.username, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.email, pattern),
      ),
    );
  }
  return and(...conditions);
}

const countOf = (table: typeof userIframeReports | typeof userIframeGroups) =>
  sql<number>`(select count(*)::int from ${table} where ${qualified(table.userId)} = ${qualified(users.id)})`;

/** One page of business users by name, with their report and group counts; and how many match. */
export async function listBusinessUsers(db: Db, filter: BusinessUserFilter, limit: number, offset: number) {
  const where = whereOf(filter);
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      role: roleOfUser,
      reportsCount: countOf(userIframeReports),
      groupsCount: countOf(userIframeGroups),
    })
    .from(users)
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.username), asc(users.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

type Named = { uuid: string; name: string };

function byUser<T>(userIds: number[], rows: (T & { userId: number })[]): Map<number, T[]> {
  const result = new Map<number, T[]>(userIds.map((id) => [id, []]));
  for (const { userId, ...rest } of rows) result.get(userId)?.push(rest as unknown as T);
  return result;
}

/** The companies, farm picks and databases of these users: three queries. */
export async function givenTo(db: Db, userIds: number[]) {
  if (userIds.length === 0) {
    return { companies: new Map<number, Named[]>(), farms: new Map<number, Named[]>(), databases: new Map() };
  }
  const companyRows = await db
    .select({ userId: companyMemberships.userId, uuid: companies.uuid, name: companies.name })
    .from(companyMemberships)
    .innerJoin(companies, eq(companies.id, companyMemberships.companyId))
    .where(inArray(companyMemberships.userId, userIds))
    .orderBy(asc(companies.name), asc(companies.id));
  const farmRows = await db
    .select({ userId: userFarms.userId, uuid: farms.uuid, name: farms.name })
    .from(userFarms)
    .innerJoin(farms, eq(farms.id, userFarms.farmId))
    .where(inArray(userFarms.userId, userIds))
    .orderBy(asc(farms.name), asc(farms.id));
  const databaseRows = await db
    .select({
      userId: userDatabaseAccess.userId,
      uuid: userDatabases.uuid,
      name: userDatabases.name,
      active: userDatabases.active,
    })
    .from(userDatabaseAccess)
    .innerJoin(userDatabases, eq(userDatabases.id, userDatabaseAccess.databaseId))
    .where(inArray(userDatabaseAccess.userId, userIds))
    .orderBy(asc(userDatabases.name), asc(userDatabases.id));
  return {
    companies: byUser<Named>(userIds, companyRows),
    farms: byUser<Named>(userIds, farmRows),
    databases: byUser<Named & { active: boolean }>(userIds, databaseRows),
  };
}
