import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { announcements, companies, companyMemberships, userGroups, users } from "../../db/schema/index.ts";

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
const preparedByDb = new WeakMap<Db, Prepared>();

function prepared(db: Db): Prepared {
  let p = preparedByDb.get(db);
  if (!p) {
    p = {
      userWithGroups: prepareUserWithGroups(db),
      memberCompanies: prepareMemberCompanies(db),
      allCompanies: prepareAllCompanies(db),
    };
    preparedByDb.set(db, p);
  }
  return p;
}

/** The user with its groups in order, and the current announcement text (or null). */
export async function findUserWithGroups(db: Db, userId: number) {
  const [row] = await prepared(db).userWithGroups.execute({ userId });
  return row ? { ...row.user, groups: row.groups.map(Number), announcement: row.announcement } : undefined;
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
