import type { HerdReportChart, HerdReportKpi, HerdReportTable } from "@nadoy/contract/herd-reports";
import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import { type AtomContext, lactIn, within } from "./report-atoms.ts";
import { dryDateOf, dryLact } from "./report-dry-atoms.ts";
import { ensureReportFacts } from "./report-facts.ts";
import { kpiCard } from "./report-kpi.ts";
import { monthsOf, type ReportBody, type ReportInput } from "./report-structure.ts";

// ---- Report 8, the dry period (HERD.md "Health, culling, dry period"): the dry periods that ended
// with a calving in the period — length by band and in 5-day steps, and how the next lactation
// began by band (health events in the first 60 days, milk at the first test); dry-offs by month ----
// A dry period = the next fresh date − the dry-off date. Every count is of dry periods (one a
// calving after a dry period) or of dry-offs, like the shares and averages, so the cards, the table's
// «Все отёлы после сухостоя», the length chart and the months' bars add up; their drills list the
// cows (fewer when one calved, or was dried off, twice in the period). Under the «Лактация» filter, a
// dry period is of the lactation dried off (one before the calving's), a dry-off of its lactation.

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
  periods: number | string;
  len: number | string | null;
  sick: number | string;
  ft: number | string;
  first_milk: number | string | null;
};

/** The dry periods ending in the window (report facts), overall, by band and by 5-day step. */
function periodsOf(input: ReportInput, at: AtomContext) {
  return queryRows<PeriodRow>(
    input.db,
    sql`select grouping(p.b) as gb, grouping(p.s) as gs, p.b, p.s,
          count(*) as periods, avg(p.len) as len, count(*) filter (where p.sick) as sick,
          count(p.first_milk) as ft, avg(p.first_milk) as first_milk
        from (select p.len, ${keyOf(sql`p.len`, DRY_BANDS)} as b, ${keyOf(sql`p.len`, STEPS)} as s,
                p.sick, p.first_milk
              from herd_dry_periods p left join herd_animals a on a.database_id = p.database_id and a.id = p.animal_id
              where p.database_id = ${input.databaseId} and ${input.base}
                and ${within(sql`p.fresh_date`, at, undefined)} and ${lactIn(at, dryLact)}) p
        group by grouping sets ((), (p.b), (p.s))`,
  );
}

/** The dry-offs (lactations dried off) in the window, overall and by month. */
function dryOffsOf(input: ReportInput, at: AtomContext) {
  return queryRows<{ gm: number; m: string | null; n: number | string }>(
    input.db,
    sql`select grouping(x.m) as gm, x.m, count(*) as n from (
          select to_char(${dryDateOf}, 'YYYY-MM') as m
          from herd_lactations l left join herd_animals a on a.database_id = l.database_id and a.id = l.animal_id
          where l.database_id = ${input.databaseId} and ${input.base}
            and ${dryDateOf} between ${at.from}::date and ${at.to}::date and ${lactIn(at, sql`l.lact`)}) x
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

function figuresOf(periods: PeriodRow[], dryOffs: { gm: number; n: number | string }[]): Figures {
  const total = periods.find((r) => Number(r.gb) === 1 && Number(r.gs) === 1);
  const band = (key: string) => Number(periods.find((r) => Number(r.gb) === 0 && r.b === key)?.periods ?? 0);
  return {
    calved: Number(total?.periods ?? 0),
    avg_len: round(num(total?.len)),
    in_range: pct(band("40-60"), total?.periods),
    out_range: pct(band("-29") + band("81-"), total?.periods),
    sick60: pct(total?.sick, total?.periods),
    first_milk: round(num(total?.first_milk)),
    dryoffs: Number(dryOffs.find((r) => Number(r.gm) === 1)?.n ?? 0),
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
  const COUNTED =
    "Считаются отёлы (сухостойные периоды), а не коровы: в расшифровке — коровы, их может быть меньше, если корова отелилась в периоде дважды.";
  return [
    card(
      "calved",
      "Отёлов после сухостоя",
      "",
      null,
      "dp",
      `Отёлы периода после сухостоя с известной датой запуска прошлой лактации (DDAT или событие DRY при загрузке) — столько же, сколько в сумме столбцов графика длины сухостоя. ${COUNTED}`,
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
      "Запусков",
      "",
      null,
      "dryoff",
      "Запуски в периоде: дата запуска лактации (DDAT или событие DRY при загрузке) — столько же, сколько в сумме столбцов графика «Запуски по месяцам». В расшифровке — коровы, их может быть меньше, если корову запускали в периоде дважды.",
    ),
  ];
}

function bandTable(input: ReportInput, periods: PeriodRow[]): HerdReportTable {
  const total = periods.find((r) => Number(r.gb) === 1 && Number(r.gs) === 1);
  const cells = (row: PeriodRow | undefined, atom: string) => ({
    calvings: { value: Number(row?.periods ?? 0), drill: input.drill(atom) },
    share: { value: pct(row?.periods ?? 0, total?.periods), drill: null },
    len: { value: round(num(row?.len)), drill: null },
    sick_calvings: { value: Number(row?.sick ?? 0), drill: input.drill(`${atom}:sick`) },
    sick: { value: pct(row?.sick ?? 0, row?.periods), drill: null },
    ft_calvings: { value: Number(row?.ft ?? 0), drill: input.drill(`${atom}:ft`) },
    first_milk: { value: round(num(row?.first_milk)), drill: null },
  });
  return {
    key: "bands",
    title: "Длина сухостоя и начало следующей лактации, по отёлам",
    columns: [
      { key: "calvings", label: "Отёлов", unit: "" },
      { key: "share", label: "Доля отёлов", unit: "%" },
      { key: "len", label: "Средний сухостой", unit: "дн." },
      { key: "sick_calvings", label: "Болели в 60 дней, отёлов", unit: "" },
      { key: "sick", label: "Доля болевших", unit: "%" },
      { key: "ft_calvings", label: "С контрольной дойкой, отёлов", unit: "" },
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
  dryOffs: { gm: number; m: string | null; n: number | string }[],
) {
  const months = monthsOf(input.ctx.from, input.ctx.to);
  const length: HerdReportChart = {
    key: "length",
    title: "Длина сухостойного периода, дней",
    kind: "bar",
    unit: "отёлов",
    x: STEPS.map((s) => s.label),
    series: [
      {
        key: "calvings",
        label: "Отёлов",
        values: STEPS.map((step) => Number(periods.find((r) => Number(r.gs) === 0 && r.s === step.key)?.periods ?? 0)),
        drills: STEPS.map((step) => input.drill(`dp:${step.key}`)),
      },
    ],
  };
  const byMonth: HerdReportChart = {
    key: "dryoffs",
    title: "Запуски по месяцам",
    kind: "bar",
    unit: "запусков",
    x: months,
    series: [
      {
        key: "dryoffs",
        label: "Запусков",
        values: months.map((m) => Number(dryOffs.find((r) => Number(r.gm) === 0 && r.m === m)?.n ?? 0)),
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
