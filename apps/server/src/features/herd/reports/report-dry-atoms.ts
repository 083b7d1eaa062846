import { type SQL, sql } from "drizzle-orm";
import { type AtomContext, lactIn, within } from "./report-atoms.ts";
import { TESTED } from "./report-milk-atoms.ts";

// ---- Report 8's drill atoms: cows by their dry periods (HERD.md "Health, culling, dry period") ----
//   dryoff[:YYYY-MM]           a lactation of the cow was dried off in the period (or that month)
//   dp[:<from>-<to>][:sick|ft]  the cow calved in the period after a dry period (next fresh date −
//                              dry date) of that many days (either bound may be empty); sick: with
//                              a health event in the first 60 days after that calving; ft: with a
//                              test day in that new lactation
// Under the «Лактация» filter (ctx.lg): a dry-off of a lactation of that group; a dry period after
// one (dryLact).

/** The lactation a dry period of herd_dry_periods `p` belongs to: the one dried off, before the calving's. */
export const dryLact = sql`p.lact - 1`;

/** The health events of the first 60 days after a calving (HERD.md's common ones). */
export const HEALTH_CODES = ["MAST", "LAME", "KETOSIS", "METR", "RP", "DA", "MF"] as const;

/**
 * The dry-off date of a lactation (l). The DC305 import writes a lactation's DRY event into it (the
 * later of DDAT and the event); the report reads only this column, so that it stays one indexed
 * read and not a search of the events per lactation.
 */
export const dryDateOf = sql`l.dry_date`;

/**
 * The dry periods (lactation l dried off, the next one n) whose next calving is in the window, of
 * the lactations `owner` names: `from … where`, the rows of the report facts herd_dry_periods
 * (report-facts.ts), which the report counts and the dp atoms test. d.dry is the dry-off date,
 * d.len the length in days.
 */
export const dryPeriods = (at: AtomContext, owner: SQL) => sql`herd_lactations l
  join herd_lactations n on n.database_id = l.database_id and n.animal_id = l.animal_id and n.lact = l.lact + 1
  cross join lateral (select ${dryDateOf} as dry, n.fresh_date - ${dryDateOf} as len) d
  where ${owner} and n.fresh_date between ${at.from}::date and ${at.to}::date and d.dry < n.fresh_date`;

/** A health event within 60 days after the calving that ended the dry period (n). */
export const sickAfter = sql`exists (select 1 from herd_events e
  where e.database_id = n.database_id and e.animal_id = n.animal_id
    and e.code in (${sql.join(
      HEALTH_CODES.map((code) => sql`${code}`),
      sql`, `,
    )})
    and e.event_date between n.fresh_date and n.fresh_date + 60)`;

/** The milk of the first test day of the new lactation (n), null without one. */
export const firstTestMilk = sql`(select td.milk_kg::float8 from herd_test_days td
  where td.database_id = n.database_id and td.animal_id = n.animal_id and td.lact = n.lact and ${TESTED}
    and td.test_date >= n.fresh_date
  order by td.test_date limit 1)`;

const DRYOFF = /^dryoff(?::(\d{4}-(?:0[1-9]|1[0-2])))?$/;
const DP = /^dp(?::(\d{0,4})-(\d{0,4}))?(?::(sick|ft))?$/;

export function dryAtomSql(atom: string, ctx: AtomContext): SQL | undefined {
  let m = DRYOFF.exec(atom);
  if (m) {
    return sql`exists (select 1 from herd_lactations l
      where l.database_id = a.database_id and l.animal_id = a.id and ${within(dryDateOf, ctx, m[1])}
        and ${lactIn(ctx, sql`l.lact`)})`;
  }
  m = DP.exec(atom);
  if (m) {
    const parts: SQL[] = [];
    if (m[1]) parts.push(sql`p.len >= ${Number(m[1])}`);
    if (m[2]) parts.push(sql`p.len <= ${Number(m[2])}`);
    if (m[3] === "sick") parts.push(sql`p.sick`);
    if (m[3] === "ft") parts.push(sql`p.first_milk is not null`);
    return sql`exists (select 1 from herd_dry_periods p where p.database_id = a.database_id and p.animal_id = a.id
      and ${within(sql`p.fresh_date`, ctx, undefined)} and ${lactIn(ctx, dryLact)}${parts.length > 0 ? sql` and ${sql.join(parts, sql` and `)}` : sql``})`;
  }
  return undefined;
}
