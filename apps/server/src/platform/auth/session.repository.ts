import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { perDatabase } from "../../db/per-database.ts";
import { refreshTokenFamilies, refreshTokens, userGroups, users } from "../../db/schema/index.ts";

export interface SessionRow {
  userId: number;
  isActive: boolean;
  isSuperuser: boolean;
  revokedAt: Date | null;
  groups: number[];
  /** Module switches an admin may turn off (users.boards_enabled …); they take the module away. */
  modules: CallerModules;
}

export interface CallerModules {
  boards: boolean;
  tableLists: boolean;
  tables: boolean;
}

function prepareFindSession(db: Db) {
  return db
    .select({
      userId: users.id,
      isActive: users.isActive,
      isSuperuser: users.isSuperuser,
      revokedAt: refreshTokenFamilies.revokedAt,
      boards: users.boardsEnabled,
      tableLists: users.tableListsEnabled,
      tables: users.tablesEnabled,
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
const prepared = perDatabase(prepareFindSession);

/** One query per authenticated request: the user, its groups in order, and its session state. */
export async function findSession(db: Db, userId: number, familyId: string): Promise<SessionRow | undefined> {
  const [row] = await prepared(db).execute({ userId, familyId });
  if (!row) return undefined;
  const { boards, tableLists, tables, ...rest } = row;
  return { ...rest, groups: row.groups.map(Number), modules: { boards, tableLists, tables } };
}

/**
 * Which of these sessions are alive: not revoked, their user active, and holding a refresh token
 * that is neither used nor expired (a session whose token expired unrenewed has ended). One query
 * for all the sockets of an instance (refresh_tokens_family_idx).
 */
export async function liveSessions(db: Db, familyIds: readonly string[]): Promise<Set<string>> {
  if (familyIds.length === 0) return new Set();
  const rows = await db
    .select({ id: refreshTokenFamilies.id })
    .from(refreshTokenFamilies)
    .innerJoin(users, eq(users.id, refreshTokenFamilies.userId))
    .where(
      and(
        inArray(refreshTokenFamilies.id, [...familyIds]),
        isNull(refreshTokenFamilies.revokedAt),
        eq(users.isActive, true),
        sql`exists (select 1 from ${refreshTokens} t where t.family_id = ${refreshTokenFamilies.id}
          and t.used_at is null and t.expires_at > now())`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}
