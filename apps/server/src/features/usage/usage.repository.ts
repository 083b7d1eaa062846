import { asc, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { companies, pageHits, userDatabases } from "../../db/schema/index.ts";

// All SQL of the admins' usage reports: page hits by Moscow day, section and user, and the user
// databases' upload statistics. Every report is a handful of aggregate queries over the period,
// which the index on page_hits.at bounds.

/**
 * The section of a path as contract `pageSection` gives it: the first non-empty segment of the
 * part before any `?` or `#`, with its slash, or "/" when there is none.
 */
export function sectionOf(path: SQL): SQL<string> {
  return sql<string>`coalesce('/' || substring(${path} from '^/*([^/?#]+)'), '/')`;
}

const SECTION = sectionOf(sql`${pageHits.path}`);
const DAY = sql`(${pageHits.at} at time zone 'Europe/Moscow')::date`;

/** Moscow midnight at the start of an ISO day, as a timestamptz. */
const moscowStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Moscow'`;
const moscowEnd = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'Europe/Moscow'`;

export interface UsageFilter {
  /** Inclusive ISO days in Europe/Moscow. */
  from: string;
  to: string;
  userId: number | undefined;
  section: string | undefined;
}

/** The hits of the filter; `since` (an ISO day) narrows the period's start for paging. */
function hitsWhere(filter: UsageFilter, since: string = filter.from): SQL {
  const conditions = [sql`${pageHits.at} >= ${moscowStart(since)}`, sql`${pageHits.at} < ${moscowEnd(filter.to)}`];
  if (filter.userId !== undefined) conditions.push(sql`${pageHits.userId} = ${filter.userId}`);
  if (filter.section !== undefined) conditions.push(sql`${SECTION} = ${filter.section}`);
  return sql.join(conditions, sql` and `);
}

/** A timestamptz as both drivers hand it back (a Date, or text on some paths) → ISO. */
const iso = (value: Date | string): string => new Date(value).toISOString();

export async function totals(db: Db, filter: UsageFilter) {
  const [row] = await queryRows<{ total: number; users: number }>(
    db,
    sql`select count(*)::int as total, count(distinct ${pageHits.userId})::int as users
        from ${pageHits} where ${hitsWhere(filter)}`,
  );
  return { total: Number(row?.total ?? 0), users: Number(row?.users ?? 0) };
}

/** Every day of the period, oldest first, with zeros for days without hits. */
export async function byDay(db: Db, filter: UsageFilter) {
  const rows = await queryRows<{ day: string; hits: number; users: number }>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(h.hits, 0)::int as hits, coalesce(h.users, 0)::int as users
        from generate_series(${filter.from}::date, ${filter.to}::date, interval '1 day') as d(day)
        left join (
          select ${DAY} as day, count(*) as hits, count(distinct ${pageHits.userId}) as users
          from ${pageHits} where ${hitsWhere(filter)} group by 1
        ) h on h.day = d.day::date
        order by d.day`,
  );
  return rows.map((r) => ({ day: r.day, hits: Number(r.hits), users: Number(r.users) }));
}

/** Hits and distinct users per section, most hits first. */
export async function bySection(db: Db, filter: UsageFilter) {
  const rows = await queryRows<{ section: string; hits: number; users: number }>(
    db,
    sql`select ${SECTION} as section, count(*)::int as hits, count(distinct ${pageHits.userId})::int as users
        from ${pageHits} where ${hitsWhere(filter)}
        group by 1 order by hits desc, section`,
  );
  return rows.map((r) => ({ section: r.section, hits: Number(r.hits), users: Number(r.users) }));
}

export interface PersonRow {
  userId: number | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** The `limit` users with most hits (a deleted user's hits as one row with a null user). */
export async function byUser(db: Db, filter: UsageFilter, limit: number) {
  const rows = await queryRows<PersonRow & { hits: number; lastAt: Date | string }>(
    db,
    sql`select h.user_id as "userId", h.hits, h.last_at as "lastAt",
               u.username, u.first_name as "firstName", u.last_name as "lastName"
        from (
          select ${pageHits.userId} as user_id, count(*)::int as hits, max(${pageHits.at}) as last_at
          from ${pageHits} where ${hitsWhere(filter)}
          group by 1 order by hits desc, last_at desc limit ${limit}
        ) h
        left join users u on u.id = h.user_id
        order by h.hits desc, h.last_at desc`,
  );
  return rows.map((r) => ({ ...r, hits: Number(r.hits), lastAt: iso(r.lastAt) }));
}

export interface DailyRow extends PersonRow {
  day: string;
  section: string;
  hits: number;
}

interface DailyKey {
  day: string;
  uid: number;
  section: string;
}

/**
 * Every non-zero (day, user, section) of the filter in that order, `batchSize` rows per query:
 * keyset paging by (day, user, section), each query starting at the day it left off at, so memory
 * stays bounded however long the period.
 */
export async function* dailyRows(db: Db, filter: UsageFilter, batchSize: number): AsyncGenerator<DailyRow[]> {
  let after: DailyKey | undefined;
  for (;;) {
    const rows = await queryRows<DailyRow & { uid: number }>(
      db,
      sql`select g.day, g.uid, g.section, g.hits, u.id as "userId", u.username,
                 u.first_name as "firstName", u.last_name as "lastName"
          from (
            select to_char(${DAY}, 'YYYY-MM-DD') as day, coalesce(${pageHits.userId}, 0) as uid,
                   ${SECTION} as section, count(*)::int as hits
            from ${pageHits} where ${hitsWhere(filter, after?.day)}
            group by 1, 2, 3
          ) g
          left join users u on u.id = g.uid
          ${after ? sql`where (g.day, g.uid, g.section) > (${after.day}::text, ${after.uid}::int, ${after.section}::text)` : sql``}
          order by g.day, g.uid, g.section
          limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map((r) => ({ ...r, hits: Number(r.hits) }));
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) return;
    after = { day: last.day, uid: Number(last.uid), section: last.section };
  }
}

/**
 * Every user database with its company and its committed uploads (herd_uploads: the uploads that
 * changed its data; previews, failures and cancellations are not counted), by company name, then
 * database name. The upload figures are one grouped sub-select joined once, not a query per database.
 */
export async function listDatabases(db: Db) {
  const rows = await db
    .select({
      uuid: userDatabases.uuid,
      name: userDatabases.name,
      server: userDatabases.server,
      dbName: userDatabases.dbName,
      active: userDatabases.active,
      companyUuid: companies.uuid,
      companyName: companies.name,
      uploadsCount: sql<number>`coalesce(u.uploads, 0)::int`,
      lastUploadAt: sql<Date | string | null>`u.last_at`,
      rowsTotal: sql<number>`coalesce(u.rows_total, 0)::bigint`,
    })
    .from(userDatabases)
    .innerJoin(companies, sql`${companies.id} = ${userDatabases.companyId}`)
    .leftJoin(
      sql`(select database_id, count(*) as uploads, max(committed_at) as last_at,
             sum(coalesce((counts->>'rows')::bigint, 0)) as rows_total
           from herd_uploads where status = 'committed' group by database_id) u`,
      sql`u.database_id = ${userDatabases.id}`,
    )
    .orderBy(asc(companies.name), asc(companies.id), asc(userDatabases.name), asc(userDatabases.id));
  return rows.map((r) => ({
    ...r,
    uploadsCount: Number(r.uploadsCount),
    lastUploadAt: r.lastUploadAt === null ? null : iso(r.lastUploadAt),
    rowsTotal: Number(r.rowsTotal),
  }));
}
