import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { isoOf, type TimeInput, utcText } from "./state-time.ts";

export interface StateSegment {
  state: string;
  start: string;
  end: string;
}

/**
 * A discrete channel's timeline over [from, to) (to clipped to now) for a chart `widthPx` wide, in
 * one statement: the range is cut into widthPx pixels; each pixel takes the state that held
 * longest in it (a reading's state holds until the next reading, the one in force at `from`
 * counted from there, as timeInStates does); neighbouring pixels of one state make one segment.
 * So a channel that switches every few minutes over a month still shows what it mostly did, and
 * there are never more than widthPx segments, however many readings the range holds. Pixels
 * before the first reading (nothing known) have no segment.
 */
export async function stateSegments(
  db: Db,
  databaseId: number,
  seriesId: number,
  from: TimeInput,
  to: TimeInput,
  now: TimeInput,
  widthPx: number,
): Promise<StateSegment[]> {
  const id = sql`${databaseId}::int`;
  const sid = sql`${seriesId}::bigint`;
  const f = isoOf(from);
  const width = Math.max(1, Math.floor(widthPx));
  const readings = sql`monitoring_state_readings r where r.database_id = ${id} and r.series_id = ${sid}`;
  return queryRows<StateSegment>(
    db,
    sql`
    with bounds as (
      select f, t, extract(epoch from t - f) / ${width}::int as step
      from (
        select f, greatest(f, least(${isoOf(to)}::timestamptz, ${isoOf(now)}::timestamptz)) as t
        from (select ${f}::timestamptz as f) x
      ) y
    ),
    win as (
      select r.ts, r.state from ${readings}
      and r.ts < (select t from bounds)
      and r.ts >= coalesce((select max(r.ts) from ${readings} and r.ts <= (select f from bounds)), (select f from bounds))
    ),
    segs as (
      select state, extract(epoch from greatest(ts, b.f) - b.f) as a,
        extract(epoch from least(coalesce(lead(ts) over (order by ts), b.t), b.t) - b.f) as e
      from win cross join bounds b
    ),
    -- Seconds of each state in each pixel k it touches.
    pieces as (
      select s.state, k, least(s.e, (k + 1) * b.step) - greatest(s.a, k * b.step) as seconds
      from segs s cross join bounds b
      cross join lateral generate_series(
        floor(s.a / b.step)::int, least(${width - 1}::int, ceil(s.e / b.step)::int - 1)) k
      where b.step > 0 and s.e > s.a
    ),
    dominant as (
      select distinct on (k) k, state
      from (select k, state, sum(seconds) as seconds from pieces group by k, state) x
      order by k, seconds desc, state
    ),
    runs as (
      select state, min(k) as k0, max(k) as k1
      from (select k, state, k - row_number() over (partition by state order by k) as g from dominant) x
      group by state, g
    )
    select state,
      ${utcText("greatest(b.f + make_interval(secs => k0 * b.step), (select b.f + make_interval(secs => min(a)) from segs))")} as start,
      ${utcText("least(b.f + make_interval(secs => (k1 + 1) * b.step), b.t)")} as "end"
    from runs cross join bounds b
    order by k0`,
  );
}
