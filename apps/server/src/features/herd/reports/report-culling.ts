import {
  HERD_ANIMALS_UNIT,
  type HerdReportChart,
  type HerdReportKpi,
  type HerdReportTable,
} from "@nadoy/contract/herd-reports";
import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import { dimOf } from "../animals.repository.ts";
import { factsJoin, joinedFirstFresh } from "./report-animal-facts.ts";
import { type AtomContext, keySql, lactIn, reasonAtom } from "./report-atoms.ts";
import { ensureReportFacts } from "./report-facts.ts";
import { type GroupRow, groupCounter, monthsOf, type ReportBody, type ReportInput } from "./report-structure.ts";
import { DIM_BANDS } from "./report-structure-cells.ts";

// ---- Report 5, culling and deaths (HERD.md "Culling"): cows that left in the period — sold or
// died — by reason, DIM on the day they left, lactation and month; the annualised rate over the
// cow-years at risk; heifers that left, apart. Under the «Лактация» filter: the cows that left in
// that lactation, over the cow-years they spent in it ----

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * Cow-days at risk in the period, an aggregate over the animals `a` joined with their facts `f`
 * (factsJoin): from the first calving (or the period's start) to the exit (or its end), for cows.
 * Under the «Лактация» filter, only the days of her lactations of that group: each from its
 * calving to the day before the next one (or the exit, or the period's end).
 */
export const cowDays = (at: AtomContext): SQL =>
  at.lg
    ? sql`coalesce(sum((select sum(greatest(0,
          least(coalesce(x.next - 1, ${at.to}::date), a.exit_date, ${at.to}::date)
          - greatest(x.fresh_date, ${at.from}::date) + 1))
        from (select l.lact, l.fresh_date, lead(l.fresh_date) over (order by l.lact) as next from herd_lactations l
              where l.database_id = a.database_id and l.animal_id = a.id) x
        where ${lactIn(at, sql`x.lact`)})), 0)`
    : sql`coalesce(sum(greatest(0,
    least(coalesce(a.exit_date, ${at.to}::date), ${at.to}::date)
    - greatest(${joinedFirstFresh}, ${at.from}::date) + 1))
  filter (where a.lact >= 1 and ${joinedFirstFresh} is not null), 0)`;

async function kpis(input: ReportInput): Promise<HerdReportKpi[]> {
  const { ctx, compare } = input;
  const before = compare ? { ...ctx, ...compare } : null;
  const counts = (at: AtomContext, suffix: string) => sql`
    count(*) filter (where ${keySql("adult|exit", at)}) as exits${sql.raw(suffix)},
    count(*) filter (where ${keySql("adult|exit:sold", at)}) as sold${sql.raw(suffix)},
    count(*) filter (where ${keySql("adult|exit:died", at)}) as died${sql.raw(suffix)},
    count(*) filter (where ${keySql("adult|exit|xdim:-60", at)}) as early${sql.raw(suffix)},
    count(*) filter (where ${keySql("young|exit", at)}) as young${sql.raw(suffix)}`;
  const [row] = await queryRows<Record<string, string | number | null>>(
    input.db,
    sql`select ${counts(ctx, "")}, ${cowDays(ctx)} as cow_days
          ${before ? sql`, ${counts(before, "_before")}, ${cowDays(before)} as cow_days_before` : sql``}
        from herd_animals a ${factsJoin} where a.database_id = ${input.databaseId} and ${input.base}`,
  );
  const v = (name: string) => (row?.[name] === null || row?.[name] === undefined ? null : Number(row[name]));
  const rate = (exits: string, days: string) => {
    const cowYears = (v(days) ?? 0) / 365.25;
    return cowYears > 0 ? round1(((v(exits) ?? 0) / cowYears) * 100) : null;
  };
  const count = (key: string, label: string, drill: string, hint: string): HerdReportKpi => ({
    key,
    label,
    unit: "гол.",
    value: v(key),
    compare_value: before ? v(`${key}_before`) : null,
    better: "lower",
    drill: input.drill(drill),
    hint,
  });
  const annual = (key: string, label: string, exits: string, hint: string): HerdReportKpi => ({
    key,
    label,
    unit: "% в год",
    value: rate(exits, "cow_days"),
    compare_value: before ? rate(`${exits}_before`, "cow_days_before") : null,
    better: "lower",
    drill: null,
    hint,
  });
  return [
    count("exits", "Выбыло коров", "adult|exit", "Коровы (лактация 1 и старше), проданные или павшие в периоде."),
    count("sold", "Продано", "adult|exit:sold", "Коровы, выбывшие продажей в периоде."),
    count("died", "Пало", "adult|exit:died", "Коровы, павшие в периоде."),
    annual(
      "cull_rate",
      "Выбытие за год",
      "exits",
      "Выбывшие коровы ÷ коровогоды под риском × 100 (HERD.md): коровогоды — дни от первого отёла до выбытия или конца периода, ÷ 365,25; с фильтром «Лактация» — дни в этой лактации и выбывшие в ней.",
    ),
    annual("death_rate", "Падёж за год", "died", "Павшие коровы ÷ коровогоды под риском × 100."),
    count(
      "early",
      "Выбыло до 60 дней лактации",
      "adult|exit|xdim:-60",
      "Коровы, выбывшие не позже 60-го дня лактации: самые дорогие потери.",
    ),
    count("young", "Выбыло тёлок", "young|exit", "Животные без отёла, проданные или павшие в периоде."),
  ];
}

function byGroups(
  input: ReportInput,
  key: string,
  title: string,
  groups: { key: string; label: string; atom: string }[],
  rows: GroupRow[],
): HerdReportTable {
  const count = groupCounter(rows);
  return {
    key,
    title,
    columns: [
      { key: "sold", label: "Продано", unit: "гол." },
      { key: "died", label: "Пало", unit: "гол." },
      { key: "total", label: "Всего", unit: "гол." },
    ],
    rows: groups.map((group) => ({
      key: group.key,
      label: group.label,
      cells: {
        sold: { value: count(group.key, "sold"), drill: input.drill(`${group.atom}|exit:sold`) },
        died: { value: count(group.key, "died"), drill: input.drill(`${group.atom}|exit:died`) },
        total: { value: count(group.key), drill: input.drill(`${group.atom}|exit`) },
      },
    })),
  };
}

const exitsOf = (input: ReportInput, group: SQL) =>
  queryRows<GroupRow>(
    input.db,
    sql`select ${group} as g, a.status, count(*) as n from herd_animals a
        where a.database_id = ${input.databaseId} and ${input.base} and ${keySql("adult|exit", input.ctx)}
        group by 1, 2`,
  );

async function tables(input: ReportInput): Promise<HerdReportTable[]> {
  const dim = sql`(${dimOf(input.ctx.today)})`;
  const [reasons, bands, lactations] = await Promise.all([
    exitsOf(input, sql`a.exit_reason`),
    exitsOf(
      input,
      sql`case when ${dim} is null then 'none' when ${dim} <= 60 then '-60' when ${dim} <= 120 then '61-120'
        when ${dim} <= 200 then '121-200' when ${dim} <= 305 then '201-305' else '306-' end`,
    ),
    exitsOf(input, sql`case when a.lact >= 3 then '3+' else a.lact::text end`),
  ]);
  const reasonKeys = [...new Set(reasons.map((r) => r.g))].sort((x, y) => {
    const total = (g: string | null) => reasons.filter((r) => r.g === g).reduce((sum, r) => sum + Number(r.n), 0);
    return total(y) - total(x) || (x ?? "").localeCompare(y ?? "", "ru");
  });
  return [
    byGroups(
      input,
      "reason",
      "Причины выбытия коров",
      reasonKeys.map((reason) => ({
        key: reason ?? "",
        label: reason ?? "причина не указана",
        atom: `adult|${reasonAtom(reason)}`,
      })),
      reasons,
    ),
    byGroups(
      input,
      "dim",
      "Выбытие по дням лактации",
      DIM_BANDS.map((band) => ({ key: band.key, label: band.label, atom: `adult|xdim:${band.key}` })),
      bands,
    ),
    byGroups(
      input,
      "lactation",
      "Выбытие по лактациям",
      [
        { key: "1", label: "1-я лактация", atom: "adult|lg:1" },
        { key: "2", label: "2-я лактация", atom: "adult|lg:2" },
        { key: "3+", label: "3-я и старше", atom: "adult|lg:3+" },
      ],
      lactations,
    ),
  ];
}

async function byMonth(input: ReportInput): Promise<HerdReportChart> {
  const rows = await queryRows<{ m: string; status: string; n: number | string }>(
    input.db,
    sql`select to_char(date_trunc('month', a.exit_date), 'YYYY-MM') as m, a.status, count(*) as n
        from herd_animals a where a.database_id = ${input.databaseId} and ${input.base} and ${keySql("adult|exit", input.ctx)}
        group by 1, 2`,
  );
  const months = monthsOf(input.ctx.from, input.ctx.to);
  const series = (status: "sold" | "died", label: string) => ({
    key: status,
    label,
    values: months.map((m) => Number(rows.find((r) => r.m === m && r.status === status)?.n ?? 0)),
    drills: months.map((m) => input.drill(`adult|exit:${status}:${m}`)),
  });
  return {
    key: "months",
    title: "Выбытие коров по месяцам",
    kind: "bar",
    unit: HERD_ANIMALS_UNIT,
    x: months,
    series: [series("sold", "Продано"), series("died", "Пало")],
  };
}

export async function culling(input: ReportInput): Promise<ReportBody> {
  await ensureReportFacts(input.db, input.databaseId);
  const [cards, list, chart] = await Promise.all([kpis(input), tables(input), byMonth(input)]);
  return { kpis: cards, tables: list, charts: [chart] };
}
