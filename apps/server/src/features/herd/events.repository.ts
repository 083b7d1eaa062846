import type { HerdEventsQuery } from "@nadoy/contract/herd";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";

// Events of a database (the events page) and of one animal (the card's timeline), newest first.

export interface EventRow {
  id: number;
  date: string;
  code: string;
  lact: number;
  dim: number | null;
  remark: string;
  protocol: string;
  technician: string;
}

const eventColumns = sql`e.id, to_char(e.event_date, 'YYYY-MM-DD') as date, e.code, e.lact, e.dim, e.remark,
  e.protocol, e.technician`;

const eventRow = (r: EventRow): EventRow => ({
  ...r,
  id: Number(r.id),
  lact: Number(r.lact),
  dim: r.dim === null ? null : Number(r.dim),
});

/** Code and period: (database_id, code, event_date) or (database_id, event_date) serves them. */
function eventsWhere(databaseId: number, filter: HerdEventsQuery): SQL {
  const conditions = [sql`e.database_id = ${databaseId}`];
  if (filter.code) conditions.push(sql`e.code = ${filter.code}`);
  if (filter.from) conditions.push(sql`e.event_date >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`e.event_date <= ${filter.to}::date`);
  return sql.join(conditions, sql` and `);
}

export type EventWithAnimalRow = EventRow & { animal_uuid: string; barn_number: string };

/** One page of the database's events with their animals, and the total, in one statement. */
export async function listEvents(
  db: Db,
  databaseId: number,
  filter: HerdEventsQuery,
  page: { limit: number; offset: number },
): Promise<{ total: number; items: EventWithAnimalRow[] }> {
  const where = eventsWhere(databaseId, filter);
  const rows = await queryRows<Partial<EventWithAnimalRow> & { total: number }>(
    db,
    sql`select t.total, p.* from (select count(*)::int as total from herd_events e where ${where}) t
        left join lateral (
          select ${eventColumns}, a.uuid as animal_uuid, a.barn_number
          from herd_events e join herd_animals a on a.database_id = e.database_id and a.id = e.animal_id
          where ${where}
          order by e.event_date desc, e.id desc limit ${page.limit} offset ${page.offset}
        ) p on true`,
  );
  const items = rows
    .filter((r) => r.id !== null && r.id !== undefined)
    .map((r) => {
      const row = r as EventWithAnimalRow;
      return { ...eventRow(row), animal_uuid: row.animal_uuid, barn_number: row.barn_number };
    });
  return { total: Number(rows[0]?.total ?? 0), items };
}

/** The animal's events, newest first (the card's timeline). */
export async function animalEvents(db: Db, databaseId: number, animalId: number): Promise<EventRow[]> {
  const rows = await queryRows<EventRow>(
    db,
    sql`select ${eventColumns} from herd_events e
        where e.database_id = ${databaseId} and e.animal_id = ${animalId}
        order by e.event_date desc, e.id desc`,
  );
  return rows.map(eventRow);
}
