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
 * one statement: the readings become runs of one state (a reading's state holds until the next
 * reading, the one in force at `from` counted from there, as timeInStates does); a run shorter
 * than a pixel is folded into the run before it (the one after, at the start), and runs of one
 * state that then touch are merged. Every run kept is at least a pixel long, so there are at most
 * about widthPx of them, however many readings the range holds.
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
  const t = isoOf(to);
  const n = isoOf(now);
  const end = Math.max(Date.parse(f), Math.min(Date.parse(t), Date.parse(n)));
  const pixelSeconds = Math.max(0, (end - Date.parse(f)) / 1000 / Math.max(1, Math.floor(widthPx)));
  const readings = sql`monitoring_state_readings r where r.database_id = ${id} and r.series_id = ${sid}`;
  return queryRows<StateSegment>(
    db,
    sql`
    with bounds as (
      select f, greatest(f, least(${t}::timestamptz, ${n}::timestamptz)) as t
      from (select ${f}::timestamptz as f) x
    ),
    win as (
      select r.ts, r.state from ${readings}
      and r.ts < (select t from bounds)
      and r.ts >= coalesce((select max(r.ts) from ${readings} and r.ts <= (select f from bounds)), (select f from bounds))
    ),
    segs as (
      select state, greatest(ts, b.f) as a, least(coalesce(lead(ts) over (order by ts), b.t), b.t) as e
      from win cross join bounds b
    ),
    runs1 as (
      select state, min(a) as a, max(e) as e
      from (
        select *, sum(starts) over (order by a) as g
        from (select *, case when state is distinct from lag(state) over (order by a) then 1 else 0 end as starts from segs) s
      ) x
      group by g, state
    ),
    -- Runs of at least a pixel; each reaches to the next one kept (the first from the first run's start).
    kept as (
      select state, a, e, row_number() over (order by a) as i from runs1
      where extract(epoch from e - a) >= ${pixelSeconds}::float8
    ),
    stretched as (
      select state,
        case when i = 1 then (select min(a) from runs1) else a end as a,
        coalesce(lead(a) over (order by a), (select max(e) from runs1)) as e
      from kept
    ),
    runs2 as (
      select state, min(a) as a, max(e) as e
      from (
        select *, sum(starts) over (order by a) as g
        from (select *, case when state is distinct from lag(state) over (order by a) then 1 else 0 end as starts
              from stretched) s
      ) x
      group by g, state
    )
    select state, ${utcText("a")} as start, ${utcText("e")} as "end" from runs2 where e > a order by a`,
  );
}
