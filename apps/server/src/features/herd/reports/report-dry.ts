import type { HerdReportChart, HerdReportKpi, HerdReportTable } from "@nadoy/contract/herd-reports";
import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import { type AtomContext, within } from "./report-atoms.ts";
import { dryDateOf } from "./report-dry-atoms.ts";
import { ensureReportFacts } from "./report-facts.ts";
import { kpiCard } from "./report-kpi.ts";
import { monthsOf, type ReportBody, type ReportInput } from "./report-structure.ts";

// ---- Report 8, the dry period (HERD.md "Health, culling, dry period"): the dry periods that ended
// with a calving in the period — length by band and in 5-day steps, and how the next lactation
// began by band (health events in the first 60 days, milk at the first test); dry-offs by month ----
// A dry period = the next fresh date − the dry-off date. Counts are cows (they drill); shares and
// averages are over dry periods (one a calving), which differ only when a cow calved twice.

/** HERD.md's bands: recommended 40–60 days; alarm when over 20 % are under 30 or over 80. */
export const DRY_BANDS = [
  { key: "-29", label: "меньше 30 дней" },
  { key: "30-39", label: "30–39" },
  { key: "40-60", label: "40–60" },
  { key: "61-80", label: "61–80" },
  { key: "81-", label: "больше 80" },
] as const;

/** The 5-day steps of the length chart: under 20, 20–24 … 95–99, 100 and more. */
const STEPS = [
  { key: "-19", label: "< 20" },
  ...Array.from({ length: 16 }, (_, i) => ({
    key: `${20 + i * 5}-${24 + i * 5}`,
    label: `${20 + i * 5}–${24 + i * 5}`,
  })),
  { key: "100-", label: "100+" },
];

/** The band (or step) key of a length in SQL, from keys "lo-hi" with either bound empty. */
function keyOf(len: SQL, keys: readonly { key: string }[]): SQL {
  const cases = keys.map(({ key }) => {
    const [lo, hi] = key.split("-");
    const parts = [...(lo ? [sql`${len} >= ${Number(lo)}`] : []), ...(hi ? [sql`${len} <= ${Number(hi)}`] : [])];
    return sql`when ${sql.join(parts, sql` and `)} then ${key}`;
  });
  return sql`case ${sql.join(cases, sql` `)} end`;
}

type PeriodRow = {
  gb: number;
  gs: number;
  b: string | null;
  s: string | null;
  cows: number | string;
  periods: number | string;
  len: number | string | null;
  sick_cows: number | string;
  sick: number | string;
  ft_cows: number | string;
  ft: number | string;
  first_milk: number | string | null;
};

/** The dry periods ending in the window (report facts), overall, by band and by 5-day step. */
function periodsOf(input: ReportInput, at: AtomContext) {
  return queryRows<PeriodRow>(
    input.db,
    sql`select grouping(p.b) as gb, grouping(p.s) as gs, p.b, p.s,
          count(distinct p.animal_id) as cows, count(*) as periods, avg(p.len) as len,
          count(distinct p.animal_id) filter (where p.sick) as sick_cows, count(*) filter (where p.sick) as sick,
          count(distinct p.animal_id) filter (where p.first_milk is not null) as ft_cows,
          count(p.first_milk) as ft, avg(p.first_milk) as first_milk
        from (select p.animal_id, p.len, ${keyOf(sql`p.len`, DRY_BANDS)} as b, ${keyOf(sql`p.len`, STEPS)} as s,
                p.sick, p.first_milk
              from herd_dry_periods p left join herd_animals a on a.database_id = p.database_id and a.id = p.animal_id
              where p.database_id = ${input.databaseId} and ${input.base}
                and ${within(sql`p.fresh_date`, at, undefined)}) p
        group by grouping sets ((), (p.b), (p.s))`,
  );
}

/** Cows dried off in the window, overall and by month. */
function dryOffsOf(input: ReportInput, at: AtomContext) {
  return queryRows<{ gm: number; m: string | null; cows: number | string }>(
    input.db,
    sql`select grouping(x.m) as gm, x.m, count(distinct x.animal_id) as cows from (
          select l.animal_id, to_char(${dryDateOf}, 'YYYY-MM') as m
          from herd_lactations l left join herd_animals a on a.database_id = l.database_id and a.id = l.animal_id
          where l.database_id = ${input.databaseId} and ${input.base}
            and ${dryDateOf} between ${at.from}::date and ${at.to}::date) x
        group by rollup(x.m)`,
  );
}

const round = (value: number | null, digits = 1) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const pct = (part: unknown, whole: unknown) => (Number(whole) > 0 ? round((Number(part) / Number(whole)) * 100) : null);

interface Figures {
  calved: number;
  avg_len: number | null;
  in_range: number | null;
  out_range: number | null;
  sick60: number | null;
  first_milk: number | null;
  dryoffs: number;
}

function figuresOf(periods: PeriodRow[], dryOffs: { gm: number; cows: number | string }[]): Figures {
  const total = periods.find((r) => Number(r.gb) === 1 && Number(r.gs) === 1);
  const band = (key: string) => Number(periods.find((r) => Number(r.gb) === 0 && r.b === key)?.periods ?? 0);
  return {
    calved: Number(total?.cows ?? 0),
    avg_len: round(num(total?.len)),
    in_range: pct(band("40-60"), total?.periods),
    out_range: pct(band("-29") + band("81-"), total?.periods),
    sick60: pct(total?.sick, total?.periods),
    first_milk: round(num(total?.first_milk)),
    dryoffs: Number(dryOffs.find((r) => Number(r.gm) === 1)?.cows ?? 0),
  };
}

function kpis(input: ReportInput, now: Figures, before: Figures | null): HerdReportKpi[] {
  const card = (
    key: keyof Figures,
    label: string,
    unit: string,
    better: "higher" | "lower" | null,
    drill: string | null,
    hint: string,
  ): HerdReportKpi => kpiCard(input, { key, label, unit, better, drill, hint }, now[key], before ? before[key] : null);
  return [
    card(
      "calved",
      "Отёлов после сухостоя",
      "гол.",
      null,
      "dp",
      "Коровы, отелившиеся в периоде после сухостоя с известной датой запуска прошлой лактации (DDAT или событие DRY при загрузке).",
    ),
    card(
      "avg_len",
      "Средний сухостойный период",
      "дн.",
      null,
      null,
      "Сухостойный период = дата следующего отёла − дата запуска; среднее по отёлам периода. Рекомендуется 40–60 дней (после первой лактации 50–60).",
    ),
    card(
      "in_range",
      "Сухостой 40–60 дней",
      "%",
      "higher",
      null,
      "Доля сухостойных периодов длиной 40–60 дней среди отёлов периода.",
    ),
    card(
      "out_range",
      "Сухостой короче 30 или длиннее 80 дней",
      "%",
      "lower",
      null,
      "Доля сухостойных периодов меньше 30 или больше 80 дней; тревога — больше 20 %.",
    ),
    card(
      "sick60",
      "Болели в первые 60 дней",
      "%",
      "lower",
      null,
      "Доля отёлов после сухостоя, за которыми в 60 дней было событие MAST, LAME, KETOSIS, METR, RP, DA или MF (у недавних отёлов 60 дней ещё не прошли).",
    ),
    card(
      "first_milk",
      "Удой на первой контрольной",
      "кг",
      "higher",
      null,
      "Средний удой первой контрольной дойки новой лактации после сухостоя.",
    ),
    card(
      "dryoffs",
      "Запущено коров",
      "гол.",
      null,
      "dryoff",
      "Коровы, запущенные в периоде: дата запуска лактации (DDAT или событие DRY при загрузке).",
    ),
  ];
}

function bandTable(input: ReportInput, periods: PeriodRow[]): HerdReportTable {
  const total = periods.find((r) => Number(r.gb) === 1 && Number(r.gs) === 1);
  const cells = (row: PeriodRow | undefined, atom: string) => ({
    cows: { value: Number(row?.cows ?? 0), drill: input.drill(atom) },
    share: { value: pct(row?.periods ?? 0, total?.periods), drill: null },
    len: { value: round(num(row?.len)), drill: null },
    sick_cows: { value: Number(row?.sick_cows ?? 0), drill: input.drill(`${atom}:sick`) },
    sick: { value: pct(row?.sick ?? 0, row?.periods), drill: null },
    ft_cows: { value: Number(row?.ft_cows ?? 0), drill: input.drill(`${atom}:ft`) },
    first_milk: { value: round(num(row?.first_milk)), drill: null },
  });
  return {
    key: "bands",
    title: "Длина сухостоя и начало следующей лактации",
    columns: [
      { key: "cows", label: "Коров", unit: "гол." },
      { key: "share", label: "Доля отёлов", unit: "%" },
      { key: "len", label: "Средний сухостой", unit: "дн." },
      { key: "sick_cows", label: "Болели в 60 дней", unit: "гол." },
      { key: "sick", label: "Доля болевших", unit: "%" },
      { key: "ft_cows", label: "С контрольной дойкой", unit: "гол." },
      { key: "first_milk", label: "Удой на первой контрольной", unit: "кг" },
    ],
    rows: [
      ...DRY_BANDS.map((band) => ({
        key: band.key,
        label: band.label,
        cells: cells(
          periods.find((r) => Number(r.gb) === 0 && r.b === band.key),
          `dp:${band.key}`,
        ),
      })),
      { key: "all", label: "Все отёлы после сухостоя", cells: cells(total, "dp") },
    ],
  };
}

function charts(
  input: ReportInput,
  periods: PeriodRow[],
  dryOffs: { gm: number; m: string | null; cows: number | string }[],
) {
  const months = monthsOf(input.ctx.from, input.ctx.to);
  const length: HerdReportChart = {
    key: "length",
    title: "Длина сухостойного периода, дней",
    kind: "bar",
    x: STEPS.map((s) => s.label),
    series: [
      {
        key: "cows",
        label: "Коров",
        values: STEPS.map((step) => Number(periods.find((r) => Number(r.gs) === 0 && r.s === step.key)?.cows ?? 0)),
        drills: STEPS.map((step) => input.drill(`dp:${step.key}`)),
      },
    ],
  };
  const byMonth: HerdReportChart = {
    key: "dryoffs",
    title: "Запуски по месяцам",
    kind: "bar",
    x: months,
    series: [
      {
        key: "dryoffs",
        label: "Запущено коров",
        values: months.map((m) => Number(dryOffs.find((r) => Number(r.gm) === 0 && r.m === m)?.cows ?? 0)),
        drills: months.map((m) => input.drill(`dryoff:${m}`)),
      },
    ],
  };
  return [length, byMonth];
}

export async function dryPeriod(input: ReportInput): Promise<ReportBody> {
  await ensureReportFacts(input.db, input.databaseId);
  const { ctx, compare } = input;
  const before = compare ? { ...ctx, ...compare } : null;
  const [periods, dryOffs, periodsBefore, dryOffsBefore] = await Promise.all([
    periodsOf(input, ctx),
    dryOffsOf(input, ctx),
    before ? periodsOf(input, before) : Promise.resolve(null),
    before ? dryOffsOf(input, before) : Promise.resolve(null),
  ]);
  const now = figuresOf(periods, dryOffs);
  const then = periodsBefore && dryOffsBefore ? figuresOf(periodsBefore, dryOffsBefore) : null;
  return {
    kpis: kpis(input, now, then),
    tables: [bandTable(input, periods)],
    charts: charts(input, periods, dryOffs),
  };
}
