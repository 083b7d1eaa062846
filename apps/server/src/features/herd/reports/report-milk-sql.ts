import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import type { AtomContext } from "./report-atoms.ts";
import { endDim305, lactation305, TESTED, test305 } from "./report-milk-atoms.ts";
import type { ReportInput } from "./report-structure.ts";

// ---- Report 2's queries over herd_test_days (HERD.md "Milk") ----
// The animals are a LEFT JOIN (every test day has its animal: a foreign key) so that without filters
// (input.base = true) PostgreSQL drops the join to them.
// Every figure is over the test days of cows in milk (TESTED); SCC counts take each cow's last
// such test with an SCC in the window (the period, a month, a day), as the scc: atoms do.

/** The week of DIM 1–7 = 1, 8–14 = 2, …: integer arithmetic (ceil over numeric is slow on every row). */
const dimWeek = sql`(td.dim + 6) / 7`;

/** The SCC bands (thousands/ml) of the SCC table and chart: linear score ≤ 3, 3–4, 4–5, ≥ 5. */
export const SCC_BANDS = [
  { key: "-100", label: "до 100 тыс." },
  { key: "101-200", label: "101–200 тыс." },
  { key: "201-400", label: "201–400 тыс." },
  { key: "401-", label: "больше 400 тыс." },
] as const;
const bandIs = (key: string) => {
  const [lo, hi] = key.split("-");
  return sql.join(
    [
      sql`t.scc is not null`,
      ...(lo ? [sql`t.scc >= ${Number(lo)}`] : []),
      ...(hi ? [sql`t.scc <= ${Number(hi)}`] : []),
    ],
    sql` and `,
  );
};

/** One group's figures: the cows tested, the averages, the cows over 200 thousand and in each SCC band. */
export interface MilkStats {
  cows: number;
  milk: number | null;
  ecm: number | null;
  fat: number | null;
  protein: number | null;
  scs: number | null;
  scc: number | null;
  high: number;
  bands: number[];
}
/** The grouping sets (grouping(m, g, d, w) of each): the period, lactation group, month, month and group, test day, DIM week. */
export const SETS = { p: 15, g: 11, m: 7, mg: 3, d: 13, w: 14 } as const;
export type StatsRow = { gs: number; m: string | null; g: string | null; d: string | null; w: number | null } & {
  [column: string]: string | number | null;
};

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The figures of a grouped row of the whole period (p), a lactation group (g), a month (m) or a test
 * day (d): its cows, and its SCC counts at the last test of the period (p, g), month or day.
 */
export function statsOf(row: StatsRow | undefined, set: "p" | "g" | "m" | "d"): MilkStats {
  const last = set === "g" ? "p" : set;
  return {
    cows: Number(row?.[`cows_${set}`] ?? 0),
    milk: num(row?.milk),
    ecm: num(row?.ecm),
    fat: num(row?.fat),
    protein: num(row?.protein),
    scs: num(row?.scs),
    scc: num(row?.scc),
    high: Number(row?.[`high_${last}`] ?? 0),
    bands: SCC_BANDS.map((_, i) => Number(row?.[`b${i}_${last}`] ?? 0)),
  };
}

/**
 * Which grouping sets a statement over the window's test days makes: the whole period only; the
 * period and the lactation groups; the calendar (month, month and group, test day, DIM week).
 */
type StatsPart = "period" | "herd" | "calendar";

/**
 * The test days of the window: the whole period only, or grouped (all of SETS: m = month, g =
 * lactation group, d = test date, w = week of DIM 1–44, DIM 1–7 being week 1), the herd's sets and
 * the calendar's in two statements that run side by side (each sorts only for its own counts).
 * ECM (DHI) = 0.327 × milk + 12.95 × fat kg + 7.65 × protein kg; fat and protein % weighted by
 * milk; SCS = log2(SCC / 100) + 3 (SCC in thousands), averaged over test days; herd SCC weighted
 * by milk, as in the bulk tank. Keys stay dates and integers until the grouped rows are formatted,
 * and SCS is taken over float8 (ln over numeric was 40 % of the statement on a 10,000-cow herd).
 * Cows are counted by the first row of each cow in the period, group or month (row_number, so
 * that the sets hash, with no DISTINCT); a day has one test a cow.
 */
export async function testDayStats(input: ReportInput, at: AtomContext, grouped: boolean): Promise<StatsRow[]> {
  if (!grouped) return statsPart(input, at, "period");
  const [herd, calendar] = await Promise.all([statsPart(input, at, "herd"), statsPart(input, at, "calendar")]);
  return [...herd, ...calendar];
}

function statsPart(input: ReportInput, at: AtomContext, part: StatsPart): Promise<StatsRow[]> {
  const last = (rn: string) => sql.raw(rn);
  const counts = (rn: "p" | "m" | "d") => {
    const isLast = rn === "d" ? sql`true` : sql`t.rn_${last(rn)} = 1`;
    return sql.join(
      [
        sql`count(*) filter (where ${isLast} and t.scc > 200) as high_${last(rn)}`,
        ...SCC_BANDS.map(
          (band, i) =>
            sql`count(*) filter (where ${isLast} and ${bandIs(band.key)}) as b${last(String(i))}_${last(rn)}`,
        ),
      ],
      sql`, `,
    );
  };
  const weighted = (pct: string) =>
    sql`sum(t.milk * t.${sql.raw(pct)}) filter (where t.${sql.raw(pct)} is not null)
      / nullif(sum(t.milk) filter (where t.${sql.raw(pct)} is not null), 0)`;
  const group = sql`case when t.g = 3 then '3+' else t.g::text end`;
  const heads: Record<StatsPart, SQL> = {
    period: sql`${SETS.p} as gs, null as m, null as g, null as d, null as w`,
    herd: sql`case when grouping(t.g) = 0 then ${SETS.g} else ${SETS.p} end as gs, null as m, ${group} as g,
      null as d, null as w`,
    calendar: sql`grouping(t.m, t.g, t.d, t.w) as gs, to_char(t.m, 'YYYY-MM') as m, ${group} as g,
      to_char(t.d, 'YYYY-MM-DD') as d, t.w`,
  };
  const groupBy: Record<StatsPart, SQL> = {
    period: sql``,
    herd: sql`group by grouping sets ((), (t.g))`,
    calendar: sql`group by grouping sets ((t.m), (t.m, t.g), (t.d), (t.w))`,
  };
  // Each part counts only what its sets show (statsOf reads an absent count as 0): an aggregate is
  // evaluated on every row of every set, and the counts are most of them.
  const cows: Record<StatsPart, SQL> = {
    period: sql`count(*) filter (where t.rn_p = 1) as cows_p, ${counts("p")}`,
    herd: sql`count(*) filter (where t.rn_p = 1) as cows_p, count(*) filter (where t.rn_g = 1) as cows_g, ${counts("p")}`,
    calendar: sql`count(*) filter (where t.rn_m = 1) as cows_m, count(*) as cows_d, ${counts("m")}, ${counts("d")}`,
  };
  // Each part numbers the rows only for the counts its sets read (statsOf).
  const lastOf = (partition: SQL) =>
    sql`row_number() over (partition by ${partition} order by td.scc is null, td.test_date desc)`;
  const numbers =
    part === "calendar"
      ? sql`0 as rn_p, 0 as rn_g, ${lastOf(sql`td.animal_id, date_trunc('month', td.test_date)`)} as rn_m`
      : sql`${lastOf(sql`td.animal_id`)} as rn_p, 0 as rn_m,
          ${part === "herd" ? sql`row_number() over (partition by td.animal_id, least(td.lact, 3))` : sql`0`} as rn_g`;
  return queryRows<StatsRow>(
    input.db,
    sql`with t as (
          select td.animal_id, td.test_date, date_trunc('month', td.test_date)::date as m,
            td.test_date as d, least(td.lact, 3) as g, case when td.dim between 1 and 308 then ${dimWeek} end as w,
            td.milk_kg::float8 as milk, td.fat_pct::float8 as fat, td.protein_pct::float8 as protein, td.scc,
            ${numbers}
          from herd_test_days td left join herd_animals a on a.database_id = td.database_id and a.id = td.animal_id
          where td.database_id = ${input.databaseId} and ${input.base} and ${TESTED}
            and td.test_date between ${at.from}::date and ${at.to}::date)
        select ${heads[part]}, ${cows[part]},
          avg(t.milk) as milk,
          avg(0.327 * t.milk + 12.95 * t.milk * t.fat / 100 + 7.65 * t.milk * t.protein / 100)
            filter (where t.fat is not null and t.protein is not null) as ecm,
          ${weighted("fat")} as fat, ${weighted("protein")} as protein,
          avg(ln(t.scc::float8 / 100) / ln(2::float8) + 3) filter (where t.scc > 0) as scs,
          ${weighted("scc")} as scc
        from t ${groupBy[part]}`,
  );
}

/** The average milk of test days by week of DIM (1–44: DIM 1–7 is week 1) in the window (as SETS.w). */
export function curveOf(input: ReportInput, at: AtomContext): Promise<{ w: number; milk: number | string }[]> {
  return queryRows(
    input.db,
    sql`select ${dimWeek} as w, avg(td.milk_kg::float8) as milk
        from herd_test_days td left join herd_animals a on a.database_id = td.database_id and a.id = td.animal_id
        where td.database_id = ${input.databaseId} and ${input.base} and ${TESTED}
          and td.test_date between ${at.from}::date and ${at.to}::date and td.dim between 1 and 308
        group by 1`,
  );
}

/**
 * The lactations whose DIM 305 falls in the window, of cows still in the herd on that day, with a
 * test day up to DIM 305 (or the dry-off, if earlier), and their 305-day yield (a report fact,
 * yields305Sql). The same lactations as the l305 atom.
 */
export function lactations305(input: ReportInput, at: AtomContext) {
  return queryRows<{ gg: number; g: string | null; cows: number | string; n: number | string; y: number | null }>(
    input.db,
    sql`select grouping(g) as gg, g, count(distinct animal_id) as cows, count(*) as n, avg(y) as y
        from (select l.animal_id, case when l.lact >= 3 then '3+' else l.lact::text end as g, f.y305 as y
              from herd_lactations l join herd_animals a on a.database_id = l.database_id and a.id = l.animal_id
              join herd_lactation_facts f on f.database_id = l.database_id and f.animal_id = l.animal_id
                and f.lact = l.lact
              where l.database_id = ${input.databaseId} and ${input.base} and ${lactation305(at)}) y
        group by rollup(g)`,
  );
}

/**
 * Every lactation's 305-day yield by the test-interval method — the first test's milk × its DIM,
 * trapezoids between tests, the last test's milk × the days from it to DIM 305 (or the dry-off) —
 * over its test days up to DIM 305 or the dry-off: the rows of herd_lactation_facts (report-facts.ts).
 */
export const yields305Sql = (
  databaseId: number,
) => sql`insert into herd_lactation_facts (database_id, animal_id, lact, y305)
  with l as (
    select l.animal_id, l.lact, l.fresh_date, l.dry_date, ${endDim305} as end_dim
    from herd_lactations l where l.database_id = ${databaseId}),
  t as (
    select l.animal_id, l.lact, l.end_dim, td.dim, td.milk_kg::float8 as milk,
      lag(td.dim) over w as pdim, lag(td.milk_kg::float8) over w as pmilk, lead(td.dim) over w as ndim
    from l join herd_test_days td on td.database_id = ${databaseId} and td.animal_id = l.animal_id
    where ${test305}
    window w as (partition by l.animal_id, l.lact order by td.dim))
  select ${databaseId}::int, animal_id, lact,
    sum(case when pdim is null then milk * dim else (milk + pmilk) / 2 * (dim - pdim) end
      + case when ndim is null then milk * (end_dim - dim) else 0 end)
  from t group by animal_id, lact`;
