import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows, queryRowsPrepared } from "../../../db/client.ts";
import { dimOf } from "../animals.repository.ts";
import { lockHerdWrites } from "../herd-write-lock.ts";
import type { AtomContext } from "./report-atoms.ts";

// ---- Report 1's groups in SQL: the herd today by status, lactation group, DIM band, pen and RC,
// and, for a whole herd (no filters), those groups kept in herd_structure_cells for the day ----
// A whole herd's report then reads a few hundred kept groups and the period's births and exits
// (two index ranges) instead of working out every animal's DIM. The cells are written again on
// the first report of a day (the bands move with it) and after a commit (markStructureStale).

/** The DIM bands of report 1 (and of report 5's exits), in order: band code 1 is the first. */
export const DIM_BANDS = [
  { key: "-60", label: "до 60 дней" },
  { key: "61-120", label: "61–120" },
  { key: "121-200", label: "121–200" },
  { key: "201-305", label: "201–305" },
  { key: "306-", label: "306 и больше" },
] as const;

export const IN_HERD = sql`a.status in ('milking', 'dry', 'heifer')`;

/** A DIM's band code: 0 no DIM, then DIM_BANDS in order (1–5). */
export const bandCode = (dim: SQL) => sql`case when ${dim} is null then 0 when ${dim} <= 60 then 1
  when ${dim} <= 120 then 2 when ${dim} <= 200 then 3 when ${dim} <= 305 then 4 else 5 end`;

/** A band code's key ('none' for 0), as the drill atoms name the bands. */
export const bandKey = (code: SQL) =>
  sql`(array['none', ${sql.join(
    DIM_BANDS.map((b) => sql`${b.key}`),
    sql`, `,
  )}])[${code} + 1]`;

/** The pens' order in the table: numbered pens by number, then the others by name, none last. */
export const penRank = (pen: SQL) => {
  const numeric = sql`${pen} ~ '^[0-9]{1,9}$'`;
  return sql`dense_rank() over (order by (${numeric}) desc, case when ${numeric} then ${pen}::int end, ${pen} nulls last)`;
};

/** A kept group, or a month's flows (`m` its month, null for the days only in the compared period). */
export interface WholeHerdRow {
  k: "cell" | "month" | "state";
  status: string | null;
  lg: string | null;
  band: string | null;
  pen: string | null;
  rc: number | null;
  /** A month "YYYY-MM", or the day the cells were kept for. */
  m: string | null;
  n: string | number;
  dim_sum: string | number;
  dim_n: string | number;
  lact_sum: string | number;
  pen_rank: string | number;
  born: string | number;
  sold: string | number;
  died: string | number;
  born_b: string | number;
  sold_b: string | number;
  died_b: string | number;
}

/** The herd today of a database grouped into cells for `today`, in the caller's transaction. */
const writeCellsSql = (databaseId: number, today: string): SQL => sql`insert into herd_structure_cells
    (database_id, status, lg, band, pen, rc, n, dim_sum, dim_n, lact_sum)
  select ${databaseId}::int, r.status, least(r.lact, 3), ${bandCode(sql`r.dim`)}, r.pen, r.rc,
    count(*), coalesce(sum(r.dim), 0), count(r.dim), sum(r.lact)
  from (select a.status, a.lact, a.pen, a.rc, (${dimOf(today)}) as dim from herd_animals a
        where a.database_id = ${databaseId} and ${IN_HERD} offset 0) r
  group by r.status, least(r.lact, 3), 4, r.pen, r.rc`;

/** The births and exits (sold, died) of a database by day, as the atoms born and exit:<how> count them. */
const writeFlowsSql = (databaseId: number): SQL => sql`insert into herd_flow_days (database_id, day, born, sold, died)
  select ${databaseId}::int, f.day, count(*) filter (where f.k = 'born'), count(*) filter (where f.k = 'sold'),
    count(*) filter (where f.k = 'died')
  from (select 'born' as k, a.birth_date as day from herd_animals a
          where a.database_id = ${databaseId} and a.birth_date is not null
        union all
        select a.status, a.exit_date from herd_animals a
          where a.database_id = ${databaseId} and a.exit_date is not null and a.status in ('sold', 'died')) f
  group by f.day`;

/** The cells no longer follow the animals (a commit's transaction): the next report writes them again. */
export async function markStructureStale(tx: Pick<Db, "execute">, databaseId: number): Promise<void> {
  await tx.execute(sql`delete from herd_structure_state where database_id = ${databaseId}`);
}

async function writeCells(db: Db, databaseId: number, today: string): Promise<void> {
  await db.transaction(async (tx) => {
    // A commit waits (its counts stay true); a second report finds them written and writes nothing.
    await lockHerdWrites(tx, databaseId);
    const [state] = await queryRows<{ day: string }>(
      tx,
      sql`select to_char(day, 'YYYY-MM-DD') as day from herd_structure_state where database_id = ${databaseId}`,
    );
    if (state?.day === today) return;
    await tx.execute(sql`delete from herd_structure_cells where database_id = ${databaseId}`);
    await tx.execute(sql`delete from herd_flow_days where database_id = ${databaseId}`);
    await tx.execute(writeCellsSql(databaseId, today));
    await tx.execute(writeFlowsSql(databaseId));
    await tx.execute(sql`insert into herd_structure_state (database_id, day) values (${databaseId}, ${today})
      on conflict (database_id) do update set day = excluded.day`);
  });
}

/**
 * A whole herd's groups in one statement (one snapshot): the kept cells with their pen rank, the
 * births and exits of the period by month with the compared period's counts (_b), and the day the
 * cells were kept for. Cells of another day are written again first.
 */
export async function wholeHerdRows(
  db: Db,
  databaseId: number,
  ctx: AtomContext,
  compare: { from: string; to: string } | null,
): Promise<WholeHerdRow[]> {
  const lo = compare && compare.from < ctx.from ? compare.from : ctx.from;
  const hi = compare && compare.to > ctx.to ? compare.to : ctx.to;
  const inPeriod = sql`f.day between ${ctx.from}::date and ${ctx.to}::date`;
  const inCompare = compare ? sql`f.day between ${compare.from}::date and ${compare.to}::date` : sql`false`;
  const sums = (column: string) => {
    const c = sql.identifier(column);
    return sql`coalesce(sum(f.${c}) filter (where ${inPeriod}), 0), coalesce(sum(f.${c}) filter (where ${inCompare}), 0)`;
  };
  const statement = sql`select 'cell' as k, c.status, c.lg::text as lg, ${bandKey(sql`c.band`)} as band, c.pen, c.rc,
        null as m, c.n, c.dim_sum, c.dim_n, c.lact_sum, ${penRank(sql`c.pen`)} as pen_rank,
        0 as born, 0 as born_b, 0 as sold, 0 as sold_b, 0 as died, 0 as died_b
      from herd_structure_cells c where c.database_id = ${databaseId}
    union all
    select 'month', null, null, null, null, null,
        to_char(case when ${inPeriod} then date_trunc('month', f.day::timestamp) end, 'YYYY-MM'),
        0, 0, 0, 0, 0, ${sums("born")}, ${sums("sold")}, ${sums("died")}
      from herd_flow_days f where f.database_id = ${databaseId} and f.day between ${lo}::date and ${hi}::date
      group by 7
    union all
    select 'state', null, null, null, null, null, to_char(s.day, 'YYYY-MM-DD'), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
      from herd_structure_state s where s.database_id = ${databaseId}`;
  const read = () => queryRowsPrepared<WholeHerdRow>(db, statement);
  const rows = await read();
  if (rows.some((r) => r.k === "state" && r.m === ctx.today)) return rows;
  await writeCells(db, databaseId, ctx.today);
  return read();
}
