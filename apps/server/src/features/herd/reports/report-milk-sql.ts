import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import { type AtomContext, lactIn } from "./report-atoms.ts";
import type { ReportInput } from "./report-structure.ts";

// ---- Report 2's queries (HERD.md "Milk") over its test facts (herd_test_facts and herd_test_day_sums, written by report-milk-facts.ts):
// every test day of a cow in milk (TESTED), its figures as floats and where it stands among the
// cow's tests. The animals are a LEFT JOIN so that without filters (input.base = true) PostgreSQL
// drops the join to them. SCC counts take each cow's last test with an SCC in the window (the
// period, a month, a day), as the scc: atoms do: with the facts, "last in the window" is a
// comparison of the next such test's day with the window's end, not a sort of the window's rows.

/** The SCC bands (thousands/ml) of the SCC table and chart: linear score ≤ 3, 3–4, 4–5, ≥ 5. */
export const SCC_BANDS = [
  { key: "-100", label: "до 100 тыс." },
  { key: "101-200", label: "101–200 тыс." },
  { key: "201-400", label: "201–400 тыс." },
  { key: "401-", label: "больше 400 тыс." },
] as const;
/** The SCC bands over 200 thousand (the "high" count). */
const HIGH_BANDS = [2, 3];

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

/**
 * The sums of a group of test days, which add up over groups: the averages' numerators and
 * denominators, the cows counted at their last test in the period or month (one test a cow in each:
 * a lactation group's cows are those whose last test of the period is of that group, so that the
 * groups' cows add up to the period's), and the SCC bands at the last test with an SCC in the
 * period (bp) and month (bm) and of every test (bd, a day having one test a cow).
 */
export interface MilkSums {
  n: number;
  milk: number;
  nEcm: number;
  ecm: number;
  mf: number;
  milkF: number;
  mp: number;
  milkP: number;
  nScs: number;
  scs: number;
  ms: number;
  milkS: number;
  cowsP: number;
  cowsM: number;
  bp: number[];
  bm: number[];
  bd: number[];
}
/** The indexes of SCC_BANDS, as a test's band (herd_test_facts.band) numbers them. */
export const BAND_INDEXES = SCC_BANDS.map((_, i) => i);
// A report's sums are made and added up a thousand times and more a request (a row per test day
// and group): plain literals and keys worked out once, not spreads and strings made per row (they
// were a fifth of report 2's time in the app).
const zeroBands = () => BAND_INDEXES.map(() => 0);
const emptySums = (): MilkSums => ({
  n: 0,
  milk: 0,
  nEcm: 0,
  ecm: 0,
  mf: 0,
  milkF: 0,
  mp: 0,
  milkP: 0,
  nScs: 0,
  scs: 0,
  ms: 0,
  milkS: 0,
  cowsP: 0,
  cowsM: 0,
  bp: zeroBands(),
  bm: zeroBands(),
  bd: zeroBands(),
});
const SUM_KEYS = ["n", "milk", "nEcm", "ecm", "mf", "milkF", "mp", "milkP", "nScs", "scs", "ms", "milkS"] as const;
const COW_KEYS = ["cowsP", "cowsM"] as const;
const NUMBER_KEYS = [...SUM_KEYS, ...COW_KEYS];
/** Each number's key and the column a row of sums names it by. */
const NUMBER_COLUMNS = NUMBER_KEYS.map((key) => [key, key.toLowerCase()] as const);
/** Each band's columns: at the last test of the period, of the month, of the day. */
const BAND_COLUMNS = BAND_INDEXES.map((i) => [i, `bp${i}`, `bm${i}`, `bd${i}`] as const);
/** Each band's columns at the period's and month's last test, and the month's tests after its end. */
const BAND_END_COLUMNS = BAND_INDEXES.map((i) => [`bp${i}`, `bm${i}`, `bm_after${i}`] as const);

function addTo(total: MilkSums, part: MilkSums): MilkSums {
  for (const key of NUMBER_KEYS) total[key] += part[key];
  for (const i of BAND_INDEXES) {
    total.bp[i] = (total.bp[i] ?? 0) + (part.bp[i] ?? 0);
    total.bm[i] = (total.bm[i] ?? 0) + (part.bm[i] ?? 0);
    total.bd[i] = (total.bd[i] ?? 0) + (part.bd[i] ?? 0);
  }
  return total;
}

const share = (sum: number, count: number) => (count > 0 ? sum / count : null);

/**
 * The figures of the whole period (p), a lactation group (g), a month (m) or a test day (d):
 * its cows, its averages, and its SCC counts at the last test of the period (p, g), month or day.
 * ECM (DHI) = 0.327 × milk + 12.95 × fat kg + 7.65 × protein kg; fat and protein % weighted by
 * milk; SCS = log2(SCC / 100) + 3 (SCC in thousands), averaged over test days; herd SCC weighted
 * by milk, as in the bulk tank.
 */
export function statsOf(sums: MilkSums | undefined, set: "p" | "g" | "m" | "d"): MilkStats {
  const s = sums ?? emptySums();
  const bands = set === "d" ? s.bd : set === "m" ? s.bm : s.bp;
  const cows = { p: s.cowsP, g: s.cowsP, m: s.cowsM, d: s.n }[set];
  return {
    cows,
    milk: share(s.milk, s.n),
    ecm: share(s.ecm, s.nEcm),
    fat: share(s.mf, s.milkF),
    protein: share(s.mp, s.milkP),
    scs: share(s.scs, s.nScs),
    scc: share(s.ms, s.milkS),
    high: HIGH_BANDS.reduce((sum, i) => sum + (bands[i] ?? 0), 0),
    bands: [...bands],
  };
}

/** A window's groups: the period, lactation groups ('1', '2', '3+'), months ('YYYY-MM'), both, test days, DIM weeks. */
export interface MilkWindow {
  p: MilkSums;
  g: Map<string, MilkSums>;
  m: Map<string, MilkSums>;
  mg: Map<string, MilkSums>;
  /** Test days in date order. */
  d: [string, MilkSums][];
  /** DIM week 1–44 → its average milk (kg). */
  w: Map<number, number>;
}
export const monthGroupKey = (m: string, g: string) => `${m}|${g}`;

type SumsRow = { [column: string]: string | number | null };
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
function sumsOf(row: SumsRow): MilkSums {
  const s = emptySums();
  for (const [key, column] of NUMBER_COLUMNS) s[key] = num(row[column]);
  for (const [i, p, m, d] of BAND_COLUMNS) {
    s.bp[i] = num(row[p]);
    s.bm[i] = num(row[m]);
    s.bd[i] = num(row[d]);
  }
  return s;
}

/**
 * The test facts of the window (aliased f), with the animals (a) for the report's filters; under
 * the «Лактация» filter, the tests of that lactation group (f.g: the lactation, 3 for 3 and later).
 */
const windowFacts = (input: ReportInput, at: AtomContext) => sql`herd_test_facts f
  left join herd_animals a on a.database_id = f.database_id and a.id = f.animal_id
  where f.database_id = ${input.databaseId} and ${input.base} and ${lactIn(at, sql`f.g`)}
    and f.test_date between ${at.from}::date and ${at.to}::date`;

/** The sums of the averages (MilkSums' first keys), named as sumsOf reads them. */
const SUMS_SQL = sql`count(*) as n, sum(f.milk) as milk, count(f.ecm) as necm, sum(f.ecm) as ecm,
  sum(f.mf) as mf, sum(f.milk) filter (where f.mf is not null) as milkf,
  sum(f.mp) as mp, sum(f.milk) filter (where f.mp is not null) as milkp,
  count(f.scs) as nscs, sum(f.scs) as scs, sum(f.ms) as ms, sum(f.milk) filter (where f.ms is not null) as milks`;
const bandCounts = (prefix: string, at: SQL | null) =>
  sql.join(
    BAND_INDEXES.map(
      (i) =>
        sql`count(*) filter (where f.band = ${sql.raw(String(i))}${at ? sql` and (${at})` : sql``}) as ${sql.raw(`${prefix}${i}`)}`,
    ),
    sql`, `,
  );

/** The columns of the averages' sums (MilkSums' first keys), as sumsOf reads them. */
const OWN_COLUMNS = SUM_KEYS.map((key) => key.toLowerCase());
/** The columns of a group's sums, as sumsOf reads them. */
const SUM_COLUMNS = [...NUMBER_COLUMNS.map(([, column]) => column), ...BAND_COLUMNS.flatMap(([, ...bands]) => bands)];

/** The columns of the period's own sums (its counts: cows and SCC bands at their last test in it). */
const PERIOD_COLUMNS = [...OWN_COLUMNS, "cowsp", ...BAND_INDEXES.map((i) => `bp${i}`)];

/** Each column summed under its own name, over the rows of `from` ("x." for a first level's, or none). */
const summed = (columns: string[], from = "") =>
  sql.join(
    columns.map((column) => sql`sum(${sql.raw(`${from}${column}`)}) as ${sql.raw(column)}`),
    sql`, `,
  );

/**
 * The grouping sets of the statements (grouping(m, g, d, w) of each): month and group, test day,
 * DIM week; the whole period (its number given by the ungrouped statement).
 */
const SETS = { mg: 3, d: 13, w: 14, p: 15 } as const;

/**
 * The window's rows (`from … where`) and where a test stands among the cow's tests the report counts:
 * her last of the window (p) or of its month (m), and her last with an SCC of each. The facts say so
 * among all her tests; under the «Лактация» filter only the group's tests count, so the window's
 * rows are ranked among themselves (a cow tested in the group counts at her last test of it).
 */
function lastTests(input: ReportInput, at: AtomContext) {
  const to = sql`${at.to}::date`;
  if (!at.lg) {
    return {
      from: windowFacts(input, at),
      p: sql`f.next_date > ${to}`,
      sccP: sql`f.next_scc > ${to}`,
      m: sql`(f.m_end or f.next_date > ${to})`,
      sccM: sql`(f.scc_m_end or f.next_scc > ${to})`,
    };
  }
  const last = (by: SQL, scc: boolean) =>
    sql`f.test_date = max(f.test_date)${scc ? sql` filter (where f.band is not null)` : sql``} over (partition by ${by})`;
  const month = sql`f.animal_id, date_trunc('month', f.test_date)`;
  return {
    from: sql`(select f.*, ${last(sql`f.animal_id`, false)} as last_p, ${last(sql`f.animal_id`, true)} as last_scc_p,
        ${last(month, false)} as last_m, ${last(month, true)} as last_scc_m
      from ${windowFacts(input, at)}) f where true`,
    p: sql`f.last_p`,
    sccP: sql`f.last_scc_p`,
    m: sql`f.last_m`,
    sccM: sql`f.last_scc_m`,
  };
}

/**
 * The window's sums. Grouped: once by test day, lactation group and DIM week (a few groups a test
 * day: one pass over the rows, one hash table), then those groups by month and group (which add up
 * to the period's, each group's and each month's), by test day and by DIM week. The cows count at
 * their last test in the window (a group's: those whose last test is of it) or the month; the SCC
 * bands at the last test with an SCC in the window (bp) or month (bm), and of every test (bd). Not
 * grouped (the compared period): the period's sums, with only its own counts, and by DIM week.
 */
function rowSums(input: ReportInput, at: AtomContext, grouped: boolean) {
  const last = lastTests(input, at);
  const period = sql`${SUMS_SQL}, count(*) filter (where ${last.p}) as cowsp, ${bandCounts("bp", last.sccP)}`;
  if (!grouped) {
    // By DIM week first (its lactation curve comes with it), then the whole period.
    return queryRows<SumsRow>(
      input.db,
      sql`with x as (select f.w, ${period} from ${last.from} group by f.w)
          select case when grouping(x.w) = 1 then ${SETS.p} else ${SETS.w} end as gs, x.w, ${summed(PERIOD_COLUMNS, "x.")} from x group by grouping sets ((), (x.w))`,
    );
  }
  const sums = summed(SUM_COLUMNS, "x.");
  const month = sql`date_trunc('month', x.d)`;
  return queryRows<SumsRow>(
    input.db,
    sql`with x as (
          select f.test_date as d, f.g, f.w, ${period},
            count(*) filter (where ${last.m}) as cowsm,
            ${bandCounts("bm", last.sccM)}, ${bandCounts("bd", null)}
          from ${last.from}
          group by f.test_date, f.g, f.w)
        select grouping(${month}, x.g, x.d, x.w) as gs, to_char(${month}, 'YYYY-MM') as m, x.g,
          to_char(x.d, 'YYYY-MM-DD') as d, x.w, ${sums}
        from x group by grouping sets ((${month}, x.g), (x.d), (x.w))`,
  );
}

/**
 * A whole herd's window (no filters): the same sums as rowSums, from the test-day sums (a few rows
 * a test day) and, for the counts at a cow's last test in the window, the tests whose next test of
 * the same group or with an SCC comes after the window's end (herd_test_facts_last_idx; a cow's
 * last test of a month is among the sums, those in the window's last month after its end too).
 */
async function wholeSums(input: ReportInput, at: AtomContext, grouped: boolean): Promise<SumsRow[]> {
  const to = sql`${at.to}::date`;
  const inWindow = sql`database_id = ${input.databaseId} and test_date between ${at.from}::date and ${to}`;
  const week = sql`nullif(w, 0)`;
  const month = sql`date_trunc('month', test_date)`;
  const monthCounts = [...BAND_INDEXES.map((i) => `bm${i}`), "m_end"];
  const dayCounts = BAND_INDEXES.map((i) => `bd${i}`);
  const ends = (counts: SQL[], keys: SQL) => sql`select ${keys} ${sql.join(counts, sql``)}
    from herd_test_facts where database_id = ${input.databaseId} and greatest(next_g, next_scc) > ${to}
      and test_date between ${at.from}::date and ${to}`;
  const band = (prefix: string, i: number, when: SQL) =>
    sql`, count(*) filter (where band = ${sql.raw(String(i))} and ${when}) as ${sql.raw(`${prefix}${i}`)}`;
  const periodEnds = [
    sql`, count(*) filter (where next_date > ${to}) as cowsp`,
    ...BAND_INDEXES.map((i) => band("bp", i, sql`next_scc > ${to}`)),
  ];
  if (!grouped) {
    const [sums, last] = await Promise.all([
      queryRows<SumsRow>(
        input.db,
        sql`select case when grouping(${week}) = 1 then ${SETS.p} else ${SETS.w} end as gs, ${week} as w,
              ${summed(OWN_COLUMNS)}
            from herd_test_day_sums where ${inWindow} group by grouping sets ((), (${week}))`,
      ),
      queryRows<SumsRow>(input.db, ends(periodEnds, sql`${SETS.p} as gs`)),
    ]);
    return sums.map((row) => (Number(row.gs) === SETS.p ? { ...row, ...last[0], gs: SETS.p } : row));
  }
  const [sums, last] = await Promise.all([
    queryRows<SumsRow>(
      input.db,
      sql`select grouping(${month}, g, test_date, ${week}) as gs, to_char(${month}, 'YYYY-MM') as m, g,
            to_char(test_date, 'YYYY-MM-DD') as d, ${week} as w,
            ${summed([...OWN_COLUMNS, ...monthCounts, ...dayCounts])}
          from herd_test_day_sums where ${inWindow}
          group by grouping sets ((${month}, g), (test_date), (${week}))`,
    ),
    queryRows<SumsRow>(
      input.db,
      ends(
        [
          ...periodEnds,
          sql`, count(*) filter (where not m_end and next_date > ${to}) as m_after`,
          ...BAND_INDEXES.map((i) => band("bm_after", i, sql`not scc_m_end and next_scc > ${to}`)),
        ],
        sql`to_char(${month}, 'YYYY-MM') as m, g`,
      ).append(sql` group by ${month}, g`),
    ),
  ]);
  const lastOf = new Map(last.map((row) => [monthGroupKey(String(row.m), String(row.g)), row]));
  return sums.map((row) => {
    if (Number(row.gs) !== SETS.mg) return row;
    const ends = lastOf.get(monthGroupKey(String(row.m), String(row.g))) ?? {};
    const out: SumsRow = {
      ...row,
      cowsp: num(ends.cowsp),
      cowsm: num(row.m_end) + num(ends.m_after),
    };
    for (const [p, m, after] of BAND_END_COLUMNS) {
      out[p] = num(ends[p]);
      out[m] = num(row[m]) + num(ends[after]);
    }
    return out;
  });
}

/** The window's sums: summed facts for a whole herd, else its test days one by one. */
const windowSums = (input: ReportInput, at: AtomContext, grouped: boolean) =>
  input.whole ? wholeSums(input, at, grouped) : rowSums(input, at, grouped);

const groupKey = (g: number) => (Number(g) >= 3 ? "3+" : String(g));

/**
 * The test days of the window: the whole period and its DIM weeks only (grouped = false), or every
 * group of MilkWindow.
 */
export async function testDayStats(input: ReportInput, at: AtomContext, grouped: boolean): Promise<MilkWindow> {
  const rows = await windowSums(input, at, grouped);
  const window: MilkWindow = { p: emptySums(), g: new Map(), m: new Map(), mg: new Map(), d: [], w: new Map() };
  const into = (map: Map<string, MilkSums>, key: string, sums: MilkSums) =>
    map.set(key, addTo(map.get(key) ?? emptySums(), sums));
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? null : String(value);
  for (const row of rows) {
    const sums = sumsOf(row);
    const [set, m, d] = [text(row.gs), text(row.m), text(row.d)];
    if (Number(set) === SETS.p) addTo(window.p, sums);
    else if (Number(set) === SETS.mg && m !== null && row.g !== null && row.g !== undefined) {
      const g = groupKey(Number(row.g));
      addTo(window.p, sums);
      into(window.g, g, sums);
      into(window.m, m, sums);
      window.mg.set(monthGroupKey(m, g), sums);
    } else if (Number(set) === SETS.d && d !== null) window.d.push([d, sums]);
    else if (Number(set) === SETS.w && row.w !== null && row.w !== undefined && sums.n > 0) {
      window.w.set(Number(row.w), sums.milk / sums.n);
    }
  }
  window.d.sort(([x], [y]) => x.localeCompare(y));
  return window;
}

/** The average milk of test days by week of DIM (1–44: DIM 1–7 is week 1) in the window. */
export async function curveOf(input: ReportInput, at: AtomContext): Promise<Map<number, number>> {
  const rows = await queryRows<{ w: number; milk: number | string }>(
    input.db,
    sql`select f.w, avg(f.milk) as milk from ${windowFacts(input, at)} and f.w is not null group by f.w`,
  );
  return new Map(rows.map((r) => [Number(r.w), Number(r.milk)]));
}

/**
 * The lactations whose DIM 305 falls in the window, of cows still in the herd on that day, with a
 * test day up to DIM 305 (or the dry-off, if earlier), and their 305-day yield: the rows of the
 * report facts (report-milk-facts.ts yields305Sql) with their day 305 in the window. The same
 * lactations as the l305 atom; counted as lactations (the yield is their average), whose drill
 * lists their cows.
 */
export function lactations305(input: ReportInput, at: AtomContext) {
  return queryRows<{ gg: number; g: string | null; n: number | string; y: number | null }>(
    input.db,
    sql`select grouping(g) as gg, g, count(*) as n, avg(y) as y
        from (select case when f.lact >= 3 then '3+' else f.lact::text end as g, f.y305 as y
              from herd_lactation_facts f
                left join herd_animals a on a.database_id = f.database_id and a.id = f.animal_id
              where f.database_id = ${input.databaseId} and ${input.base} and f.in_herd and ${lactIn(at, sql`f.lact`)}
                and f.day_305 between ${at.from}::date and ${at.to}::date) y
        group by rollup(g)`,
  );
}
