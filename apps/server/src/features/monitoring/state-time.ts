import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";

/** A time as the monitoring reads take it: ISO 8601 with an offset, a Date or milliseconds since the epoch. */
export type TimeInput = string | Date | number;

export const isoOf = (t: TimeInput): string => (typeof t === "string" ? t : new Date(t).toISOString());

/** UTC text of a timestamptz, whatever the session's time zone: 2026-03-10T10:00:00.000Z. */
export const utcText = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export interface StateTime {
  code: string;
  /** The Russian name from the series' states (the code itself for a state the series does not describe). */
  name: string;
  color: string | null;
  seconds: number;
  /** Of the range's known time (unknown time excluded), 0..1; 0 when nothing is known. */
  share: number;
}

export interface TimeInStates {
  /** The range actually measured: [from, to) with to clipped to now. */
  from: string;
  to: string;
  /** Seconds of the range before the series' first reading (no state known), not in the shares. */
  unknownSeconds: number;
  /** The series' described states in their order (0 s for those never seen), then any other codes met. */
  states: StateTime[];
  /** The latest reading at or before now, and the start of its unbroken run of the same state. */
  current: { code: string; name: string; color: string | null; since: string; seconds: number } | null;
}

interface Row {
  found: boolean;
  f: string;
  t: string;
  unknown: number;
  states: { code: string; name: string | null; color: string | null; seconds: number; ord: number | null }[] | null;
  cur_state: string | null;
  cur_name: string | null;
  cur_color: string | null;
  since: string | null;
  cur_seconds: number | null;
}

/**
 * Time in each state of a discrete channel over [from, to), to clipped to now, in one statement.
 * A reading's state holds until the series' next reading (lead); the state in force at `from` is
 * the last reading before it, so a range starting mid-state counts it from `from`. Before the
 * series' first reading nothing is known: that time is reported apart and left out of the shares.
 * The current state is the latest reading at or before now; its run starts after the latest
 * reading of another state (two index look-ups, not a scan of the history), so repeated readings
 * of the same state do not restart it. Null when the series is not a state channel of this database.
 */
export async function timeInStates(
  db: Db,
  databaseId: number,
  seriesId: number,
  from: TimeInput,
  to: TimeInput,
  now: TimeInput,
): Promise<TimeInStates | null> {
  const id = sql`${databaseId}::int`;
  const sid = sql`${seriesId}::bigint`;
  const readings = sql`monitoring_state_readings r where r.database_id = ${id} and r.series_id = ${sid}`;
  const [row] = await queryRows<Row>(
    db,
    sql`
    with series as (
      select coalesce(states, '[]'::jsonb) as states from monitoring_series
      where database_id = ${id} and id = ${sid} and kind = 'state'
    ),
    bounds as (
      select f, greatest(f, least(${isoOf(to)}::timestamptz, n)) as t, n
      from (select ${isoOf(from)}::timestamptz as f, ${isoOf(now)}::timestamptz as n) x
    ),
    -- The readings of the range and the one in force at its start.
    win as (
      select r.ts, r.state from ${readings}
      and r.ts < (select t from bounds)
      and r.ts >= coalesce((select max(r.ts) from ${readings} and r.ts <= (select f from bounds)), (select f from bounds))
    ),
    segs as (
      select state, greatest(ts, b.f) as a, least(coalesce(lead(ts) over (order by ts), b.t), b.t) as e
      from win cross join bounds b
    ),
    totals as (
      select state as code, sum(extract(epoch from e - a))::float8 as seconds from segs group by state
    ),
    described as (
      select d.value ->> 'code' as code, d.value ->> 'name' as name, d.value ->> 'color' as color, d.ord
      from series s cross join lateral jsonb_array_elements(s.states) with ordinality d(value, ord)
    ),
    merged as (
      select coalesce(d.code, tt.code) as code, d.name, d.color, coalesce(tt.seconds, 0)::float8 as seconds, d.ord
      from described d full join totals tt on tt.code = d.code
    ),
    cur as (
      select r.ts, r.state from ${readings} and r.ts <= (select n from bounds) order by r.ts desc limit 1
    ),
    -- The run of the current state starts at the first reading after the latest one of another state.
    run as (
      select min(r.ts) as since from ${readings}
      and r.ts <= (select n from bounds)
      and r.ts > coalesce(
        (select max(o.ts) from monitoring_state_readings o
         where o.database_id = ${id} and o.series_id = ${sid} and o.ts <= (select n from bounds)
           and o.state <> (select state from cur)),
        '-infinity'::timestamptz)
    )
    select exists (select 1 from series) as found,
      ${utcText("b.f")} as f, ${utcText("b.t")} as t,
      extract(epoch from coalesce((select min(a) from segs), b.t) - b.f)::float8 as unknown,
      (select jsonb_agg(jsonb_build_object('code', code, 'name', name, 'color', color, 'seconds', seconds, 'ord', ord)
         order by ord nulls last, code) from merged) as states,
      cur.state as cur_state, d.name as cur_name, d.color as cur_color,
      ${utcText("run.since")} as since,
      extract(epoch from b.n - run.since)::float8 as cur_seconds
    from bounds b
    left join cur on true
    left join run on cur.ts is not null
    left join described d on d.code = cur.state
  `,
  );
  if (!row?.found) return null;
  const states = row.states ?? [];
  const known = states.reduce((total, s) => total + s.seconds, 0);
  return {
    from: row.f,
    to: row.t,
    unknownSeconds: row.unknown,
    states: states.map((s) => ({
      code: s.code,
      name: s.name ?? s.code,
      color: s.color,
      seconds: s.seconds,
      share: known > 0 ? s.seconds / known : 0,
    })),
    current:
      row.cur_state !== null && row.since !== null
        ? {
            code: row.cur_state,
            name: row.cur_name ?? row.cur_state,
            color: row.cur_color,
            since: row.since,
            seconds: row.cur_seconds ?? 0,
          }
        : null,
  };
}
