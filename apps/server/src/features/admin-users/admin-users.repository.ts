import { and, asc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companies, companyMemberships, refreshTokenFamilies, userGroups, users } from "../../db/schema/index.ts";

// All SQL of the admins' user pages. The role of a user is its first group (spec §6): the lowest
// position, the group id breaking a tie.

const roleOfUser = sql<number | null>`(select ${userGroups.groupId} from ${userGroups}
  where ${userGroups.userId} = ${users.id} order by ${userGroups.position}, ${userGroups.groupId} limit 1)`;

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isSuperuser: users.isSuperuser,
  isActive: users.isActive,
  emailConfirmedAt: users.emailConfirmedAt,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  dc305: users.dc305,
  exportModule: users.exportModule,
  useBi: users.useBi,
  boardsEnabled: users.boardsEnabled,
  tableListsEnabled: users.tableListsEnabled,
  tablesEnabled: users.tablesEnabled,
  role: roleOfUser,
};

const asRecord = <T extends { role: unknown }>(row: T) => ({
  ...row,
  role: row.role === null ? null : Number(row.role),
});

export interface UserFilter {
  q: string;
  role: number | undefined;
  active: "all" | "active" | "inactive";
}

/** `%` and `_` typed by the admin are matched as themselves, not as wildcards. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, "\\$&")}%`;

function whereOf(filter: UserFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
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
  if (filter.role !== undefined) conditions.push(sql`${roleOfUser} = ${filter.role}`);
  if (filter.active !== "all") conditions.push(eq(users.isActive, filter.active === "active"));
  return and(...conditions);
}

/** One page of users, by last name, first name, username; and how many match in all. */
export async function listUsers(db: Db, filter: UserFilter, limit: number, offset: number) {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.username), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows: rows.map(asRecord), total: Number(counted?.n ?? 0) };
}

export async function findUser(db: Db, id: number) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row ? asRecord(row) : undefined;
}

export type UserRecord = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** Locks the user row until the transaction ends: two admins' changes of one user run one after the other. */
export async function lockUser(tx: Db, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for("update");
  return row !== undefined;
}

export interface CompanyRef {
  uuid: string;
  name: string;
}

/** The companies of many users in one query, by name. */
export async function companiesOf(db: Db, userIds: number[]): Promise<Map<number, CompanyRef[]>> {
  const result = new Map<number, CompanyRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: companyMemberships.userId, uuid: companies.uuid, name: companies.name })
    .from(companyMemberships)
    .innerJoin(companies, eq(companies.id, companyMemberships.companyId))
    .where(inArray(companyMemberships.userId, userIds))
    .orderBy(asc(companies.name), asc(companies.id));
  for (const row of rows) result.get(row.userId)?.push({ uuid: row.uuid, name: row.name });
  return result;
}

export async function companyIds(db: Db, uuids: string[]): Promise<Map<string, number>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, uuid: companies.uuid })
    .from(companies)
    .where(inArray(companies.uuid, uuids));
  return new Map(rows.map((r) => [r.uuid, r.id]));
}

/** Whether another user (any but `exceptId`) has this username or email, compared as the unique indexes do. */
export async function taken(db: Db, field: "username" | "email", value: string, exceptId?: number) {
  const column = field === "username" ? users.username : users.email;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(sql`lower(${column})`, value.toLowerCase()), exceptId === undefined ? undefined : ne(users.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

export type UserValues = Partial<{
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  isSuperuser: boolean;
  isActive: boolean;
  emailConfirmedAt: Date;
  dc305: boolean;
  exportModule: boolean;
  useBi: boolean;
  boardsEnabled: boolean;
  tableListsEnabled: boolean;
  tablesEnabled: boolean;
}>;

export async function insertUser(tx: Db, values: UserValues & { username: string; email: string }): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, passwordHash: null })
    .returning({ id: users.id });
  if (!row) throw new Error("user insert returned nothing");
  return row.id;
}

export async function updateUser(tx: Db, id: number, values: UserValues): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await tx.update(users).set(values).where(eq(users.id, id));
}

/** The groups of a user in order (the first is the role). */
export async function groupsOf(tx: Db, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ groupId: userGroups.groupId })
    .from(userGroups)
    .where(eq(userGroups.userId, userId))
    .orderBy(asc(userGroups.position), asc(userGroups.groupId));
  return rows.map((r) => r.groupId);
}

export async function replaceGroups(tx: Db, userId: number, groupIds: number[]): Promise<void> {
  await tx.delete(userGroups).where(eq(userGroups.userId, userId));
  if (groupIds.length > 0) {
    await tx.insert(userGroups).values(groupIds.map((groupId, position) => ({ userId, groupId, position })));
  }
}

export async function replaceCompanies(tx: Db, userId: number, companyIdList: number[]): Promise<void> {
  await tx.delete(companyMemberships).where(eq(companyMemberships.userId, userId));
  if (companyIdList.length > 0) {
    await tx.insert(companyMemberships).values(companyIdList.map((companyId) => ({ userId, companyId })));
  }
}

/** Signs out every session of the user (the guard and the refresh route read revoked_at). */
export async function revokeAllSessions(tx: Db, userId: number, reason: string): Promise<void> {
  await tx
    .update(refreshTokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)));
}

/** How many users have each role (first group), in one grouped query. */
export async function roleCounts(db: Db): Promise<Map<number, number>> {
  const firstGroups = db
    .selectDistinctOn([userGroups.userId], { userId: userGroups.userId, role: userGroups.groupId })
    .from(userGroups)
    .orderBy(asc(userGroups.userId), asc(userGroups.position), asc(userGroups.groupId))
    .as("first_groups");
  const rows = await db
    .select({ role: firstGroups.role, n: sql<number>`count(*)::int` })
    .from(firstGroups)
    .groupBy(firstGroups.role);
  return new Map(rows.map((r) => [Number(r.role), Number(r.n)]));
}
