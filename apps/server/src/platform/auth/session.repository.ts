import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { refreshTokenFamilies, userGroups, users } from "../../db/schema/index.ts";

export interface SessionRow {
  userId: number;
  isActive: boolean;
  isSuperuser: boolean;
  revokedAt: Date | null;
  groups: number[];
}

function prepareFindSession(db: Db) {
  return db
    .select({
      userId: users.id,
      isActive: users.isActive,
      isSuperuser: users.isSuperuser,
      revokedAt: refreshTokenFamilies.revokedAt,
      groups: sql<
        number[]
      >`coalesce(array_agg(${userGroups.groupId} order by ${userGroups.position}) filter (where ${userGroups.groupId} is not null), '{}')`,
    })
    .from(refreshTokenFamilies)
    .innerJoin(users, eq(users.id, refreshTokenFamilies.userId))
    .leftJoin(userGroups, eq(userGroups.userId, users.id))
    .where(and(eq(refreshTokenFamilies.id, sql.placeholder("familyId")), eq(users.id, sql.placeholder("userId"))))
    .groupBy(users.id, refreshTokenFamilies.revokedAt)
    .prepare("find_session");
}

// Prepared once per database: this runs on every authenticated request, and skipping the
// parse/plan halves its cost on PGlite.
const prepared = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();

/** One query per authenticated request: the user, its groups in order, and its session state. */
export async function findSession(db: Db, userId: number, familyId: string): Promise<SessionRow | undefined> {
  let query = prepared.get(db);
  if (!query) {
    query = prepareFindSession(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ userId, familyId });
  return row ? { ...row, groups: row.groups.map(Number) } : undefined;
}
