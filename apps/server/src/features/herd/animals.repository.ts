import type { HerdAnimalStatus, HerdAnimalsQuery } from "@nadoy/contract/herd";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";

// The animal list and the card's animal row. Every query names its database first, so the
// (database_id, …) indexes of db/schema/herd.ts serve each filter.

/** Days in milk as the list shows and filters it (contract herd.ts). */
export function dimOf(today: string): SQL {
  return sql`case
    when a.fresh_date is null or a.status = 'heifer' then null
    when a.status in ('sold', 'died') then coalesce(a.exit_date, ${today}::date) - a.fresh_date
    else ${today}::date - a.fresh_date end`;
}

const day = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);

/** LIKE's wildcards and escape taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface AnimalRow {
  id: number;
  uuid: string;
  barn_number: string;
  ear_tag: string | null;
  birth_date: string | null;
  breed: string | null;
  status: HerdAnimalStatus;
  lact: number;
  pen: string | null;
  dim: number | null;
  rc: number | null;
  fresh_date: string | null;
  exit_date: string | null;
}

const rowColumns = (today: string) => sql`a.id, a.uuid, a.barn_number, a.ear_tag, ${day("a.birth_date")} as birth_date,
  a.breed, a.status, a.lact, a.pen, ${dimOf(today)} as dim, a.rc, ${day("a.fresh_date")} as fresh_date,
  ${day("a.exit_date")} as exit_date`;

/**
 * The list's conditions. DIM: milking and dry cows whose fresh date is dim_to..dim_from days before
 * today (a range on fresh_date, so its index serves it); q: the exact barn number, or the start of
 * an ear tag in any case.
 */
function animalsWhere(databaseId: number, filter: HerdAnimalsQuery, today: string, segment?: SQL): SQL {
  const conditions = [sql`a.database_id = ${databaseId}`];
  if (segment) conditions.push(segment);
  if (filter.status !== undefined) conditions.push(sql`a.status = ${filter.status}`);
  if (filter.lact !== undefined) conditions.push(sql`a.lact = ${filter.lact}`);
  if (filter.pen) conditions.push(sql`a.pen = ${filter.pen}`);
  if (filter.dim_from !== undefined || filter.dim_to !== undefined) {
    conditions.push(sql`a.status in ('milking', 'dry')`);
    if (filter.dim_from !== undefined) conditions.push(sql`a.fresh_date <= ${today}::date - ${filter.dim_from}::int`);
    if (filter.dim_to !== undefined) conditions.push(sql`a.fresh_date >= ${today}::date - ${filter.dim_to}::int`);
  }
  if (filter.q) {
    const prefix = `${likeLiteral(filter.q.toLowerCase())}%`;
    conditions.push(sql`(a.barn_number = ${filter.q} or lower(a.ear_tag) like ${prefix})`);
  }
  return sql.join(conditions, sql` and `);
}

/** Barn numbers as numbers when they are numbers (2 before 10), then as text; a reused number by birth. */
const barnOrder = sql`(a.barn_number ~ '^[0-9]{1,18}$') desc,
  case when a.barn_number ~ '^[0-9]{1,18}$' then a.barn_number::bigint end, a.barn_number,
  a.birth_date desc nulls last, a.id`;

/** One page of the list and the total, in one statement (the total is there even past the last page). */
export async function listAnimals(
  db: Db,
  databaseId: number,
  filter: HerdAnimalsQuery,
  today: string,
  page: { limit: number; offset: number },
  /** A segment's condition (segments/segment-sql.ts), ANDed with the filter. */
  segment?: SQL,
): Promise<{ total: number; items: AnimalRow[] }> {
  const where = animalsWhere(databaseId, filter, today, segment);
  const rows = await queryRows<Partial<AnimalRow> & { total: number }>(
    db,
    sql`select t.total, p.* from (select count(*)::int as total from herd_animals a where ${where}) t
        left join lateral (
          select ${rowColumns(today)} from herd_animals a where ${where}
          order by ${barnOrder} limit ${page.limit} offset ${page.offset}
        ) p on true`,
  );
  const total = Number(rows[0]?.total ?? 0);
  const items = rows.filter((r) => r.id !== null && r.id !== undefined).map((r) => animalRow(r as AnimalRow));
  return { total, items };
}

export interface AnimalCardRow extends AnimalRow {
  sire: string | null;
  dam: string | null;
  exit_reason: string | null;
  attributes: Record<string, unknown>;
}

/** The card's animal, by its uuid within the database. */
export async function findAnimal(
  db: Db,
  databaseId: number,
  uuid: string,
  today: string,
): Promise<AnimalCardRow | undefined> {
  const [row] = await queryRows<AnimalCardRow>(
    db,
    sql`select ${rowColumns(today)}, a.sire, a.dam, a.exit_reason, a.attributes
        from herd_animals a where a.database_id = ${databaseId} and a.uuid = ${uuid}`,
  );
  return row
    ? { ...animalRow(row), sire: row.sire, dam: row.dam, exit_reason: row.exit_reason, attributes: row.attributes }
    : undefined;
}

/** bigint and smallint columns as numbers, whichever driver read them. */
function animalRow(r: AnimalRow): AnimalRow {
  return {
    ...r,
    id: Number(r.id),
    lact: Number(r.lact),
    dim: r.dim === null ? null : Number(r.dim),
    rc: r.rc === null ? null : Number(r.rc),
  };
}
