import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";

// The card's lactations and test days: a fixed pair of queries per card, whatever the animal has.

export interface LactationRow {
  lact: number;
  fresh_date: string;
  dry_date: string | null;
  end_date: string | null;
  milk_kg: number | null;
}

/**
 * The animal's lactations, oldest first. A lactation ends at the next fresh date, or at the exit
 * for the last one (null while it goes on). Its milk is the ICAR test-interval sum over the test
 * days with a milk figure between its fresh date and its end (and not after its dry date):
 * - fresh date → first test day: the first test's milk for each day;
 * - between consecutive test days: trapezoids, (m1 + m2) / 2 × days;
 * - last test day → the dry date (or the exit, for the last lactation): the last test's milk for
 *   each day; a lactation still going on is not extrapolated past its last test day.
 * Rounded to 0.1 kg; null without test days.
 */
export async function lactations(
  db: Db,
  databaseId: number,
  animalId: number,
  exitDate: string | null,
): Promise<LactationRow[]> {
  const rows = await queryRows<LactationRow>(
    db,
    sql`select l.lact, to_char(l.fresh_date, 'YYYY-MM-DD') as fresh_date, to_char(l.dry_date, 'YYYY-MM-DD') as dry_date,
          to_char(l.end_date, 'YYYY-MM-DD') as end_date, round(m.milk::numeric, 1)::float8 as milk_kg
        from (
          select lact, fresh_date, dry_date,
            coalesce(lead(fresh_date) over (order by lact), ${exitDate}::date) as end_date,
            coalesce(dry_date, case when lead(fresh_date) over (order by lact) is null then ${exitDate}::date end) as milked_to
          from herd_lactations where database_id = ${databaseId} and animal_id = ${animalId}
        ) l
        left join lateral (
          select sum(
            case when s.prev_date is null then s.milk * (s.test_date - l.fresh_date)
                 else (s.milk + s.prev_milk) / 2 * (s.test_date - s.prev_date) end
            + case when s.next_date is null then s.milk * greatest(coalesce(l.milked_to, s.test_date) - s.test_date, 0)
                   else 0 end) as milk
          from (
            select t.test_date, t.milk_kg::float8 as milk,
              lag(t.test_date) over w as prev_date, lag(t.milk_kg::float8) over w as prev_milk,
              lead(t.test_date) over w as next_date
            from herd_test_days t
            where t.database_id = ${databaseId} and t.animal_id = ${animalId} and t.milk_kg is not null
              and t.test_date >= l.fresh_date
              and (l.end_date is null or t.test_date < l.end_date)
              and (l.dry_date is null or t.test_date <= l.dry_date)
            window w as (order by t.test_date)
          ) s
        ) m on true
        order by l.lact`,
  );
  return rows.map((r) => ({ ...r, lact: Number(r.lact), milk_kg: r.milk_kg === null ? null : Number(r.milk_kg) }));
}

export interface TestDayRow {
  date: string;
  lact: number;
  dim: number | null;
  milk_kg: number | null;
  fat_pct: number | null;
  protein_pct: number | null;
  scc: number | null;
}

/** The animal's test days, oldest first (the lactation curve). */
export async function testDays(db: Db, databaseId: number, animalId: number): Promise<TestDayRow[]> {
  const rows = await queryRows<TestDayRow>(
    db,
    sql`select to_char(test_date, 'YYYY-MM-DD') as date, lact, dim, milk_kg::float8 as milk_kg,
          fat_pct::float8 as fat_pct, protein_pct::float8 as protein_pct, scc
        from herd_test_days where database_id = ${databaseId} and animal_id = ${animalId}
        order by test_date`,
  );
  const num = (v: number | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    date: r.date,
    lact: Number(r.lact),
    dim: num(r.dim),
    milk_kg: num(r.milk_kg),
    fat_pct: num(r.fat_pct),
    protein_pct: num(r.protein_pct),
    scc: num(r.scc),
  }));
}
