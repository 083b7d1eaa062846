import { HERD_ANIMALS_UNIT, type HerdReportChart, type HerdReportTable } from "@nadoy/contract/herd-reports";
import { type SQL, sql } from "drizzle-orm";
import type { AtomContext } from "./report-atoms.ts";
import { inPeriod } from "./report-repro-sql.ts";
import type { ReportInput } from "./report-structure.ts";

// ---- Report 4's tables and charts: the 21-day cycles of the period, conception by service
// number, technician, sire and weekday ----
// A cow has at most one cow-cycle starting in any 21 days (cycles of a lactation are 21 days
// apart; the next lactation's begin at least VWP ≥ 20 days after the calving that ends them), so
// the cows of a window are its cow-cycles.

const DAY = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const ru = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/** The 21-day windows of the period from its first day that hold ended cycles: their first days. */
function windowsOf(from: string, to: string, today: string): string[] {
  const last = [to, addDays(today, -20)].sort()[0] as string;
  const starts: string[] = [];
  for (let day = from; day <= last && starts.length < 200; day = addDays(day, 21)) starts.push(day);
  return starts;
}

export type WindowRow = {
  w: number | string;
  elig: number | string;
  bred: number | string;
  eligk: number | string;
  preg: number | string;
};

/**
 * The cow-cycles of the chain (report-repro-sql.ts) by 21-day window of the period, as JSON: a
 * window's cows are its cow-cycles (above), counted as rows, with no sort for distinct cows.
 */
export function windowsSql(ctx: AtomContext): SQL {
  return sql`(select json_agg(x) from (
    select (cs - ${ctx.from}::date) / 21 as w,
      count(*) filter (where elig) as elig,
      count(*) filter (where elig and bred) as bred,
      count(*) filter (where elig and known) as eligk,
      count(*) filter (where elig and known and preg) as preg
    from cyc group by 1) x)`;
}

export function cycleWindows(
  input: ReportInput,
  vwp: number,
  rows: WindowRow[],
): { table: HerdReportTable; chart: HerdReportChart; cows: HerdReportChart } {
  const { ctx } = input;
  const starts = windowsOf(ctx.from, ctx.to, ctx.today);
  const at = (i: number) => {
    const row = rows.find((r) => Number(r.w) === i);
    return {
      elig: Number(row?.elig ?? 0),
      bred: Number(row?.bred ?? 0),
      eligk: Number(row?.eligk ?? 0),
      preg: Number(row?.preg ?? 0),
    };
  };
  const label = (start: string) => `${ru(start)} – ${ru([addDays(start, 20), ctx.to].sort()[0] as string)}`;
  const cell = (value: number, what: string, start: string) => ({
    value,
    drill: input.drill(`r4cyc:${vwp}:${what}:${start}`),
  });
  const table: HerdReportTable = {
    key: "cycles",
    title: "По 21-дневным циклам (по дню начала цикла коровы)",
    columns: [
      { key: "elig", label: "Годных к осеменению", unit: "гол." },
      { key: "bred", label: "Осеменено", unit: "гол." },
      { key: "sr", label: "Охват осеменением", unit: "%" },
      { key: "eligk", label: "Годных, итог известен", unit: "гол." },
      { key: "preg", label: "Стельных", unit: "гол." },
      { key: "pr", label: "21-дневная стельность", unit: "%" },
    ],
    rows: starts.map((start, i) => {
      const n = at(i);
      return {
        key: start,
        label: label(start),
        cells: {
          elig: cell(n.elig, "elig", start),
          bred: cell(n.bred, "bred", start),
          sr: { value: pct(n.bred, n.elig), drill: null },
          eligk: cell(n.eligk, "eligk", start),
          preg: cell(n.preg, "preg", start),
          pr: { value: pct(n.preg, n.eligk), drill: null },
        },
      };
    }),
  };
  const series = (key: "pr" | "sr", name: string) => ({
    key,
    label: name,
    values: starts.map((_, i) => {
      const n = at(i);
      return key === "pr" ? pct(n.preg, n.eligk) : pct(n.bred, n.elig);
    }),
    drills: starts.map(() => null),
  });
  const chart: HerdReportChart = {
    key: "cycles",
    title: "21-дневная стельность и охват осеменением по циклам",
    kind: "line",
    unit: "%",
    x: starts.map(ru),
    series: [series("pr", "21-дневная стельность, %"), series("sr", "Охват осеменением, %")],
  };
  // The cows behind the rates, cycle by cycle: each bar opens its cows (the table's cells).
  const cows: HerdReportChart = {
    key: "cycle_cows",
    title: "Коровы по 21-дневным циклам",
    kind: "bar",
    unit: HERD_ANIMALS_UNIT,
    x: starts.map(ru),
    series: (
      [
        ["elig", "Годных к осеменению"],
        ["bred", "Осеменено"],
        ["preg", "Стельных"],
      ] as const
    ).map(([key, name]) => ({
      key,
      label: name,
      values: starts.map((_, i) => at(i)[key]),
      drills: starts.map((start) => cell(0, key, start).drill),
    })),
  };
  return { table, chart, cows };
}

export type GroupRow = {
  kind: string;
  g: string | null;
  known: number | string;
  preg: number | string;
  cows: number | string;
};

const SERVICE_NUMBERS = [
  { key: "1", label: "1-е" },
  { key: "2", label: "2-е" },
  { key: "3", label: "3-е" },
  { key: "4+", label: "4-е и далее" },
];
const WEEKDAYS = ["Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота", "Воскресенье"];

/** The period's services by number, technician, sire and weekday (report-repro-sql.ts's svc), as JSON. */
export function groupsSql(ctx: AtomContext): SQL {
  // One pass over the services: each cow's services of a group by grouping sets (hashed, one table
  // per set), then the groups'; kind names the set (grouping() tells a null group from another set).
  return sql`(select json_agg(x) from (
    select y.kind, y.g, sum(y.known) as known, sum(y.preg) as preg, count(*) filter (where y.known > 0) as cows
    from (select case when grouping(v.ng) = 0 then 'n' when grouping(v.technician) = 0 then 't'
                   when grouping(v.sire) = 0 then 's' else 'w' end as kind,
                 coalesce(v.ng, v.technician, v.sire, v.wd) as g, v.animal_id,
                 count(*) filter (where v.result is not null) as known, count(*) filter (where v.result = 'preg') as preg
          from (select case when n >= 4 then '4+' else n::text end as ng, technician, sire,
                  extract(isodow from event_date)::int::text as wd, animal_id, result
                from svc where ${inPeriod(ctx)}) v
          group by grouping sets ((v.ng, v.animal_id), (v.technician, v.animal_id), (v.sire, v.animal_id),
            (v.wd, v.animal_id))) y
    group by y.kind, y.g) x)`;
}

export function serviceGroups(
  input: ReportInput,
  rows: GroupRow[],
): { tables: HerdReportTable[]; chart: HerdReportChart } {
  const of = (kind: string) => rows.filter((r) => r.kind === kind && Number(r.known) > 0);
  const table = (
    key: "n" | "t" | "s" | "w",
    name: string,
    title: string,
    groups: { key: string; label: string }[],
  ): HerdReportTable => ({
    key: name,
    title,
    columns: [
      { key: "services", label: "Осеменений с итогом", unit: "шт." },
      { key: "preg", label: "Стельных", unit: "шт." },
      { key: "cr", label: "Оплодотворяемость", unit: "%" },
      { key: "cows", label: "Коров", unit: "гол." },
    ],
    rows: groups.map((group) => {
      const row = of(key).find((r) => (r.g ?? "") === group.key);
      const known = Number(row?.known ?? 0);
      const preg = Number(row?.preg ?? 0);
      return {
        key: group.key,
        label: group.label,
        cells: {
          services: { value: known, drill: null },
          preg: { value: preg, drill: null },
          cr: { value: pct(preg, known), drill: null },
          cows: {
            value: Number(row?.cows ?? 0),
            drill: input.drill(
              `r4svc:${key}:${key === "t" || key === "s" ? encodeURIComponent(group.key) : group.key}`,
            ),
          },
        },
      };
    }),
  });
  /** Technicians or sires, those with most services first. */
  const named = (kind: "t" | "s") =>
    of(kind)
      .sort((x, y) => Number(y.known) - Number(x.known) || (x.g ?? "").localeCompare(y.g ?? "", "ru"))
      .map((r) => ({ key: r.g ?? "", label: r.g || "не указан" }));
  const byNumber = table("n", "service_number", "Оплодотворяемость по номеру осеменения", SERVICE_NUMBERS);
  return {
    tables: [
      byNumber,
      table("t", "technician", "Оплодотворяемость по техникам", named("t")),
      table("s", "sire", "Оплодотворяемость по быкам", named("s")),
      table(
        "w",
        "weekday",
        "Оплодотворяемость по дням недели",
        WEEKDAYS.map((label, i) => ({ key: String(i + 1), label })),
      ),
    ],
    chart: {
      key: "service_number",
      title: "Оплодотворяемость по номеру осеменения",
      kind: "bar",
      unit: "%",
      x: SERVICE_NUMBERS.map((s) => s.label),
      series: [
        {
          key: "cr",
          label: "Оплодотворяемость, %",
          values: byNumber.rows.map((r) => r.cells.cr?.value ?? null),
          drills: SERVICE_NUMBERS.map(() => null),
        },
      ],
    },
  };
}
