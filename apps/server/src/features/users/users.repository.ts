import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companies, companyMemberships, farms, userGroups, users } from "../../db/schema/index.ts";

export async function findUserWithGroups(db: Db, userId: number) {
  const [row] = await db
    .select({
      user: users,
      groups: sql<
        number[]
      >`coalesce(array_agg(${userGroups.groupId} order by ${userGroups.position}) filter (where ${userGroups.groupId} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(userGroups, eq(userGroups.userId, users.id))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  return row ? { ...row.user, groups: row.groups.map(Number) } : undefined;
}

/** The companies a user may see: superusers see all of them. */
export async function findVisibleCompanies(db: Db, userId: number, isSuperuser: boolean) {
  if (isSuperuser)
    return db
      .select({ id: companies.id, uuid: companies.uuid, name: companies.name })
      .from(companies)
      .orderBy(asc(companies.name));
  return db
    .select({ id: companies.id, uuid: companies.uuid, name: companies.name })
    .from(companyMemberships)
    .innerJoin(companies, eq(companies.id, companyMemberships.companyId))
    .where(eq(companyMemberships.userId, userId))
    .orderBy(asc(companies.name));
}

export async function findFarmsOfCompanies(db: Db, companyIds: number[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({ uuid: farms.uuid, name: farms.name, useGenetic: farms.useGenetic })
    .from(farms)
    .where(sql`${farms.companyId} in ${companyIds}`)
    .orderBy(asc(farms.name));
}

export async function updateProfile(
  db: Db,
  userId: number,
  values: Partial<{ theme: string; readStatus: boolean; lastReadAnnouncement: string | null }>,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}
