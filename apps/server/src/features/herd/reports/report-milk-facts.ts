import { sql } from "drizzle-orm";
import { endDim305, TESTED, test305 } from "./report-milk-atoms.ts";
import { BAND_INDEXES } from "./report-milk-sql.ts";

// ---- Report 2's facts (HERD.md "Milk"), written with the other report facts (report-facts.ts):
// each test day of a cow in milk with its place among her tests, those summed by test day, and
// each lactation's 305-day yield. The reports read them in report-milk-sql.ts. ----

/** A test's SCC band, the index in SCC_BANDS (the bands' bounds, in thousands); null without an SCC. */
const bandOf = sql`case when td.scc is null then null when td.scc <= 100 then 0 when td.scc <= 200 then 1
  when td.scc <= 400 then 2 else 3 end`;

/** The test facts summed by test day, lactation group and DIM week (herd_test_day_sums), after testFactsSql. */
export const testDaySumsSql = (databaseId: number) => sql`insert into herd_test_day_sums
    (database_id, test_date, g, w, n, milk, necm, ecm, mf, milkf, mp, milkp, nscs, scs, ms, milks, m_end,
     bm0, bm1, bm2, bm3, bd0, bd1, bd2, bd3)
  select ${databaseId}::int, f.test_date, f.g, coalesce(f.w, 0), count(*), sum(f.milk), count(f.ecm), sum(f.ecm),
    sum(f.mf), sum(f.milk) filter (where f.mf is not null), sum(f.mp), sum(f.milk) filter (where f.mp is not null),
    count(f.scs), sum(f.scs), sum(f.ms), sum(f.milk) filter (where f.ms is not null), count(*) filter (where f.m_end),
    ${sql.join(
      BAND_INDEXES.map((i) => sql`count(*) filter (where f.band = ${sql.raw(String(i))} and f.scc_m_end)`),
      sql`, `,
    )},
    ${sql.join(
      BAND_INDEXES.map((i) => sql`count(*) filter (where f.band = ${sql.raw(String(i))})`),
      sql`, `,
    )}
  from herd_test_facts f where f.database_id = ${databaseId}
  group by f.test_date, f.g, coalesce(f.w, 0)`;

/**
 * Report 2's test facts of a database (herd_test_facts), written with the other report facts
 * (report-facts.ts): each test of a cow in milk with its figures, and the day of her next test,
 * of her next test of the same lactation group and with an SCC, and whether they are of another month.
 */
export const testFactsSql = (databaseId: number) => sql`insert into herd_test_facts
    (database_id, test_date, animal_id, g, w, milk, ecm, mf, mp, ms, scs, band, next_date, next_g, m_end,
     next_scc, scc_m_end)
  with t as (
    select td.animal_id, td.test_date, least(td.lact, 3) as g,
      case when td.dim between 1 and 308 then (td.dim + 6) / 7 end as w,
      td.milk_kg::float8 as milk, td.fat_pct::float8 as fat, td.protein_pct::float8 as protein, td.scc,
      ${bandOf} as band
    from herd_test_days td where td.database_id = ${databaseId} and ${TESTED}),
  n as (
    select t.*, lead(t.test_date) over w as nd,
      lead(t.test_date) over (partition by t.animal_id, t.g order by t.test_date) as ngd,
      min(t.test_date) filter (where t.scc is not null) over (partition by t.animal_id order by t.test_date desc
        rows between unbounded preceding and 1 preceding) as ns
    from t window w as (partition by t.animal_id order by t.test_date))
  select ${databaseId}::int, test_date, animal_id, g, w, milk,
    case when fat is not null and protein is not null
      then 0.327 * milk + 12.95 * milk * fat / 100 + 7.65 * milk * protein / 100 end,
    milk * fat, milk * protein, milk * scc,
    case when scc > 0 then ln(scc::float8 / 100) / ln(2::float8) + 3 end,
    band, coalesce(nd, 'infinity'), coalesce(ngd, 'infinity'),
    nd is null or date_trunc('month', nd) <> date_trunc('month', test_date),
    coalesce(ns, 'infinity'), ns is null or date_trunc('month', ns) <> date_trunc('month', test_date)
  from n
  -- In date order: a period's rows lie together in the table, on a tenth of its pages for a year of ten.
  order by test_date`;

/**
 * Every lactation's 305-day yield by the test-interval method — the first test's milk × its DIM,
 * trapezoids between tests, the last test's milk × the days from it to DIM 305 (or the dry-off) —
 * over its test days up to DIM 305 or the dry-off: the rows of herd_lactation_facts (report-facts.ts).
 */
export const yields305Sql = (
  databaseId: number,
) => sql`insert into herd_lactation_facts (database_id, animal_id, lact, y305, day_305, in_herd)
  with l as (
    select l.animal_id, l.lact, l.fresh_date, l.dry_date, ${endDim305} as end_dim, l.fresh_date + 305 as day_305,
      a.exit_date is null or a.exit_date > l.fresh_date + 305 as in_herd
    from herd_lactations l join herd_animals a on a.database_id = l.database_id and a.id = l.animal_id
    where l.database_id = ${databaseId}),
  t as (
    select l.animal_id, l.lact, l.end_dim, l.day_305, l.in_herd, td.dim, td.milk_kg::float8 as milk,
      lag(td.dim) over w as pdim, lag(td.milk_kg::float8) over w as pmilk, lead(td.dim) over w as ndim
    from l join herd_test_days td on td.database_id = ${databaseId} and td.animal_id = l.animal_id
    where ${test305}
    window w as (partition by l.animal_id, l.lact order by td.dim))
  select ${databaseId}::int, animal_id, lact,
    sum(case when pdim is null then milk * dim else (milk + pmilk) / 2 * (dim - pdim) end
      + case when ndim is null then milk * (end_dim - dim) else 0 end),
    day_305, in_herd
  from t group by animal_id, lact, day_305, in_herd`;
