import {
  isSegmentGroup,
  type SegmentCondition,
  type SegmentGroup,
  type SegmentItem,
} from "@nadoy/contract/herd-segment-rule";
import { type SQL, sql } from "drizzle-orm";
import { dimOf } from "../animals.repository.ts";

// ---- A segment rule as one SQL condition over herd_animals `a` (contract herd-segments.ts) ----
//
// Every lookup of another table names the animal's (database_id, animal_id): the primary key of
// herd_test_days and the natural index of herd_events serve it, so a count stays one statement
// whatever the herd's size.

export interface SegmentContext {
  /** "Today" for DIM, AGE and DCC (herd-today.ts). */
  today: string;
  /** The period of EVENT conditions, both days included. */
  from: string;
  to: string;
}

const sameAnimal = (alias: string) => sql.raw(`${alias}.database_id = a.database_id and ${alias}.animal_id = a.id`);

/** The latest test day's column. */
const lastTest = (column: "milk_kg" | "scc") =>
  sql`(select t.${sql.raw(column)} from herd_test_days t where ${sameAnimal("t")} order by t.test_date desc limit 1)`;

/**
 * The conception date of the current pregnancy: the last BRED up to the last pregnancy check
 * (PREG, PREV) since the fresh date, unless an ABORT came after that check.
 */
const conceptionDate = sql`(select max(b.event_date) from herd_events b,
    (select max(c.event_date) as checked from herd_events c
      where ${sameAnimal("c")} and c.code in ('PREG', 'PREV')
        and c.event_date >= coalesce(a.fresh_date, '-infinity'::date)) p
  where ${sameAnimal("b")} and b.code = 'BRED'
    and b.event_date >= coalesce(a.fresh_date, '-infinity'::date) and b.event_date <= p.checked
    and not exists (select 1 from herd_events x where ${sameAnimal("x")} and x.code = 'ABORT' and x.event_date > p.checked))`;

const ITEMS: Record<Exclude<SegmentItem, "EVENT">, (ctx: SegmentContext) => SQL> = {
  LACT: () => sql`a.lact`,
  DIM: (ctx) => sql`(${dimOf(ctx.today)})`,
  PEN: () => sql`a.pen`,
  STATUS: () => sql`upper(a.status)`,
  RC: () => sql`a.rc`,
  BREED: () => sql`a.breed`,
  AGE: (ctx) =>
    sql`((extract(year from age(${ctx.today}::date, a.birth_date)) * 12 + extract(month from age(${ctx.today}::date, a.birth_date)))::int)`,
  DCC: (ctx) => sql`(${ctx.today}::date - ${conceptionDate})`,
  MILK: () => lastTest("milk_kg"),
  SCC: () => lastTest("scc"),
};

function conditionSql(condition: SegmentCondition, ctx: SegmentContext): SQL {
  const values = sql.join(
    condition.values.map((v) => sql`${v}`),
    sql`, `,
  );
  if (condition.item === "EVENT") {
    const had = sql`exists (select 1 from herd_events e where ${sameAnimal("e")} and e.code in (${values})
      and e.event_date between ${ctx.from}::date and ${ctx.to}::date)`;
    return condition.op === "<>" ? sql`not ${had}` : had;
  }
  const item = ITEMS[condition.item](ctx);
  // No value (null) never matches: `in`, `not in` and comparisons with null are not true.
  if (condition.op === "=") return sql`${item} in (${values})`;
  if (condition.op === "<>") return sql`${item} not in (${values})`;
  return sql`${item} ${sql.raw(condition.op)} ${condition.values[0]}`;
}

/** The rule as a condition (true for the empty rule); checked by segmentRuleProblem beforehand. */
export function segmentSql(rule: SegmentGroup, ctx: SegmentContext): SQL {
  if (rule.items.length === 0) return sql`true`;
  const parts = rule.items.map((node) => (isSegmentGroup(node) ? segmentSql(node, ctx) : conditionSql(node, ctx)));
  return sql`(${sql.join(parts, rule.join === "or" ? sql` or ` : sql` and `)})`;
}

const mentionsStatus = (rule: SegmentGroup): boolean =>
  rule.items.some((node) => (isSegmentGroup(node) ? mentionsStatus(node) : node.item === "STATUS"));

/**
 * A segment as the builder counts it and the animal list shows it: like DC305, the animals in the
 * herd (milking, dry, heifers) unless the rule says which statuses it wants (STATUS=SOLD …).
 * Reports use segmentSql itself: they choose their own animals (report 5 counts those that left).
 */
export function segmentOfHerdSql(rule: SegmentGroup, ctx: SegmentContext): SQL {
  const condition = segmentSql(rule, ctx);
  return mentionsStatus(rule) ? condition : sql`${condition} and a.status in ('milking', 'dry', 'heifer')`;
}
