import { type SQL, sql } from "drizzle-orm";
import { type AtomContext, lactIn } from "./report-atoms.ts";

// ---- Report 2's drill atoms: cows by their test days (herd_test_days) ----
//   mt[:<lg>][:<window>]            a cow tested (a milk weight, lactation ≥ 1) in the window, her
//                                   last test in it of that lactation group (a cow is in one group)
//   scc:<from>-<to>[:<lg>][:<window>] the cow's last test (as mt) with an SCC in the window
//                                   had SCC (thousands/ml) within the bounds (either may be empty),
//                                   and was of that lactation group
//   l305[:<lg>]                     a lactation of the cow (of that group) reached DIM 305 in the
//                                   period with her still in the herd, and has a test day up to
//                                   DIM 305 or the dry-off (the lactations of the 305-day yield:
//                                   those with a yield among the report facts)
// <window>: a month "YYYY-MM" or a day "YYYY-MM-DD" of the period; none = the whole period.
// Under the «Лактация» filter (ctx.lg) only the tests of its group count: a cow tested in it (mt),
// her last test with an SCC among them (scc), a lactation of it (l305).

/** A test day that counts as a cow tested: a milk weight of a cow in milk (the report's averages use the same). */
export const TESTED = sql`td.lact >= 1 and td.milk_kg > 0`;

/** The lactation group of a test day's lactation in SQL, as the lg: keys name it. */
export const testLactGroup = sql`case when td.lact >= 3 then '3+' else td.lact::text end`;

/** The last DIM of a lactation (l) that its 305-day yield counts: 305, or the dry-off if earlier. */
export const endDim305 = sql`least(305, coalesce(l.dry_date - l.fresh_date, 305))`;

/**
 * A test day (td) the 305-day yield of a lactation (l) counts: of that lactation, from its fresh
 * date, with a milk weight, DIM 1 up to 305 or the dry-off.
 */
export const test305 = sql`td.lact = l.lact and td.test_date >= l.fresh_date and td.milk_kg > 0
  and td.dim between 1 and ${endDim305}`;

const L305 = /^l305(?::(1|2|3\+))?$/;
const MT = /^mt(?::(1|2|3\+))?(?::(\d{4}-(?:0[1-9]|1[0-2])(?:-\d{2})?))?$/;
const SCC = /^scc:(\d{0,6})-(\d{0,6})(?::(1|2|3\+))?(?::(\d{4}-(?:0[1-9]|1[0-2])(?:-\d{2})?))?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The test date within the period, or within one month or on one day of it. */
export function testWindow(ctx: AtomContext, window: string | undefined): SQL {
  const inPeriod = sql`td.test_date between ${ctx.from}::date and ${ctx.to}::date`;
  if (!window) return inPeriod;
  if (DAY.test(window)) return sql`${inPeriod} and td.test_date = ${window}::date`;
  return sql`${inPeriod} and date_trunc('month', td.test_date) = ${`${window}-01`}::date`;
}

/** The lactation `lact` is of the atom's group (when it names one). */
const lactGroupIs = (group: string | undefined, lact: SQL) =>
  group === undefined ? sql`true` : lactIn({ lg: group as AtomContext["lg"] }, lact);

export function milkAtomSql(atom: string, ctx: AtomContext): SQL | undefined {
  let m = MT.exec(atom);
  if (m) {
    // Without the filter a cow is in the group of her last test in the window; with it, in the
    // filter's group when tested in it.
    if (m[1] === undefined || ctx.lg) {
      return sql`exists (select 1 from herd_test_days td
        where td.database_id = a.database_id and td.animal_id = a.id and ${TESTED} and ${testWindow(ctx, m[2])}
          and ${lactIn(ctx, sql`td.lact`)} and ${lactGroupIs(m[1], sql`td.lact`)})`;
    }
    return sql`exists (select 1 from (select td.lact from herd_test_days td
        where td.database_id = a.database_id and td.animal_id = a.id and ${TESTED} and ${testWindow(ctx, m[2])}
        order by td.test_date desc limit 1) x
      where ${lactGroupIs(m[1], sql`x.lact`)})`;
  }
  m = SCC.exec(atom);
  if (m && (m[1] || m[2])) {
    const bounds = [sql`x.scc is not null`];
    if (m[1]) bounds.push(sql`x.scc >= ${Number(m[1])}`);
    if (m[2]) bounds.push(sql`x.scc <= ${Number(m[2])}`);
    return sql`exists (select 1 from (select td.scc, td.lact from herd_test_days td
        where td.database_id = a.database_id and td.animal_id = a.id and ${TESTED} and td.scc is not null
          and ${testWindow(ctx, m[4])} and ${lactIn(ctx, sql`td.lact`)}
        order by td.test_date desc limit 1) x
      where ${sql.join(bounds, sql` and `)} and ${lactGroupIs(m[3], sql`x.lact`)})`;
  }
  m = L305.exec(atom);
  if (m) {
    return sql`exists (select 1 from herd_lactation_facts f
      where f.database_id = a.database_id and f.animal_id = a.id and f.in_herd
        and f.day_305 between ${ctx.from}::date and ${ctx.to}::date and ${lactGroupIs(m[1], sql`f.lact`)}
        and ${lactIn(ctx, sql`f.lact`)})`;
  }
  return undefined;
}
