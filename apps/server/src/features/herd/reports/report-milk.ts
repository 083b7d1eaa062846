import {
  HERD_ANIMALS_UNIT,
  type HerdReportChart,
  type HerdReportKpi,
  type HerdReportTable,
  herdMonthTitle,
} from "@nadoy/contract/herd-reports";
import type { AtomContext } from "./report-atoms.ts";
import { ensureReportFacts } from "./report-facts.ts";
import { kpiCard } from "./report-kpi.ts";
import {
  curveOf,
  lactations305,
  type MilkStats,
  type MilkWindow,
  monthGroupKey,
  SCC_BANDS,
  statsOf,
  testDayStats,
} from "./report-milk-sql.ts";
import { monthsOf, type ReportBody, type ReportInput } from "./report-structure.ts";

// ---- Report 2, milk (HERD.md "Milk"): test days of the period — milk, ECM, fat, protein, SCC —
// by month, test day and lactation group; the average lactation curve by week of DIM against a
// year earlier; the 305-day yield ----
// Counts of cows carry drills (report-milk-atoms.ts); averages carry none. A cow counts in the
// lactation group of her last test in the period, so that the groups' cows add up to «Все коровы»;
// the groups' averages are over their own test days. Under the «Лактация» filter: that group's test
// days, and the cows whose last test of the period is of it.

const round = (value: number | null, digits = 1) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;
const ratio = (s: MilkStats) => (s.fat !== null && s.protein ? s.fat / s.protein : null);
const LACT_GROUPS = [
  { key: "1", label: "1-я лактация" },
  { key: "2", label: "2-я лактация" },
  { key: "3+", label: "3-я и старше" },
] as const;
const yearBefore = (at: AtomContext): AtomContext => {
  const shift = (day: string) => `${Number(day.slice(0, 4)) - 1}${day.slice(4) === "-02-29" ? "-02-28" : day.slice(4)}`;
  return { ...at, from: shift(at.from), to: shift(at.to) };
};

const HINTS = {
  cows: "Коровы (лактация 1 и старше) с контрольной дойкой в периоде. В таблице «По лактациям» корова — в группе своей последней контрольной дойки периода, так что группы в сумме дают всех коров.",
  milk: "Средний удой контрольных доек коров в лактации за период, кг в день.",
  ecm: "Среднее ЭКМ контрольных доек (DHI): 0,327 × молоко + 12,95 × жир, кг + 7,65 × белок, кг.",
  fat: "Жир: Σ(молоко × жир %) ÷ Σ молока по контрольным дойкам (средневзвешенный по молоку).",
  protein: "Белок: Σ(молоко × белок %) ÷ Σ молока по контрольным дойкам (средневзвешенный по молоку).",
  fp: "Жир % ÷ белок % (средневзвешенные); ниже 1,1 — риск ацидоза, выше 1,4 — кетоза.",
  scs: "Линейный балл SCC = log2(SCC, тыс. ÷ 100) + 3, средний по контрольным дойкам (не по SCC).",
  scc: "Соматические клетки, тыс./мл: Σ(молоко × SCC) ÷ Σ молока — как в сборном молоке.",
  high: "Коровы, у которых на последней в периоде контрольной дойке SCC больше 200 тыс./мл (балл выше 4).",
  y305: "Удой за 305 дней методом интервалов: удой первой контрольной × её день лактации, трапеции между контрольными, удой последней × дни до 305-го (или до запуска). Лактации, дошедшие до 305-го дня в периоде (корова ещё в стаде).",
  n305: "Лактации, дошедшие до 305-го дня в периоде (с контрольной дойкой до него), — по ним средний удой за 305 дней. В расшифровке — коровы этих лактаций.",
} as const;

function kpis(
  input: ReportInput,
  now: MilkStats,
  before: MilkStats | null,
  y305: Y305,
  y305Before: Y305 | null,
): HerdReportKpi[] {
  const card = (
    key: string,
    label: string,
    unit: string,
    better: "higher" | "lower" | null,
    value: (s: MilkStats) => number | null,
    digits: number,
    drill: string | null = null,
  ): HerdReportKpi =>
    kpiCard(
      input,
      { key, label, unit, better, drill, hint: HINTS[key as keyof typeof HINTS] },
      round(value(now), digits),
      before ? round(value(before), digits) : null,
    );
  return [
    card("cows", "Коров на контроле", "гол.", null, (s) => s.cows, 0, "mt"),
    card("milk", "Удой на корову в день", "кг", "higher", (s) => s.milk, 1),
    card("ecm", "ЭКМ на корову в день", "кг", "higher", (s) => s.ecm, 1),
    card("fat", "Жир", "%", "higher", (s) => s.fat, 2),
    card("protein", "Белок", "%", "higher", (s) => s.protein, 2),
    card("fp", "Жир / белок", "", null, ratio, 2),
    card("scs", "Линейный балл SCC", "", "lower", (s) => s.scs, 2),
    card("scc", "SCC стада", "тыс./мл", "lower", (s) => s.scc, 0),
    card("high", "SCC > 200 тыс. на последней дойке", "гол.", "lower", (s) => s.high, 0, "scc:201-"),
    {
      key: "y305",
      label: "Удой за 305 дней",
      unit: "кг",
      value: round(y305.y, 0),
      compare_value: y305Before ? round(y305Before.y, 0) : null,
      better: "higher",
      drill: null,
      hint: HINTS.y305,
    },
    {
      key: "n305",
      label: "Лактаций с 305 днями",
      unit: "",
      value: y305.n,
      compare_value: y305Before ? y305Before.n : null,
      better: null,
      drill: input.drill("l305"),
      hint: HINTS.n305,
    },
  ];
}

const STAT_COLUMNS = [
  { key: "cows", label: "Коров", unit: "гол." },
  { key: "milk", label: "Удой", unit: "кг" },
  { key: "ecm", label: "ЭКМ", unit: "кг" },
  { key: "fat", label: "Жир", unit: "%" },
  { key: "protein", label: "Белок", unit: "%" },
  { key: "fp", label: "Жир / белок", unit: "" },
  { key: "scs", label: "Балл SCC", unit: "" },
  { key: "scc", label: "SCC", unit: "тыс./мл" },
  { key: "high", label: "SCC > 200 тыс.", unit: "гол." },
];

/** A table row's cells: the cows and those over 200 thousand drill (`atoms` = the row's lg/window suffix). */
function statCells(input: ReportInput, s: MilkStats, suffix: string) {
  const cell = (value: number | null, digits: number) => ({ value: round(value, digits), drill: null });
  return {
    cows: { value: s.cows, drill: input.drill(`mt${suffix}`) },
    milk: cell(s.milk, 1),
    ecm: cell(s.ecm, 1),
    fat: cell(s.fat, 2),
    protein: cell(s.protein, 2),
    fp: cell(ratio(s), 2),
    scs: cell(s.scs, 2),
    scc: cell(s.scc, 0),
    high: { value: s.high, drill: input.drill(`scc:201-${suffix}`) },
  };
}

/** The lactations of the 305-day yield: how many, and their average yield; overall and by group. */
type Y305 = { n: number; y: number | null; byGroup: Map<string, { n: number; y: number | null }> };
function y305Of(rows: Awaited<ReturnType<typeof lactations305>>): Y305 {
  const total = rows.find((r) => Number(r.gg) === 1);
  return {
    n: Number(total?.n ?? 0),
    y: total?.y === null || total?.y === undefined ? null : Number(total.y),
    byGroup: new Map(
      rows
        .filter((r) => Number(r.gg) === 0)
        .map((r) => [r.g ?? "", { n: Number(r.n), y: r.y === null ? null : Number(r.y) }]),
    ),
  };
}

function tables(input: ReportInput, window: MilkWindow, y305: Y305): HerdReportTable[] {
  const total = statsOf(window.p, "p");
  const byGroup: HerdReportTable = {
    key: "lactation",
    title: "По лактациям",
    columns: [
      ...STAT_COLUMNS,
      { key: "n305", label: "Лактаций с 305 днями", unit: "" },
      { key: "y305", label: "Удой за 305 дней", unit: "кг" },
    ],
    rows: [
      ...LACT_GROUPS.map((group) => {
        const y = y305.byGroup.get(group.key);
        return {
          key: group.key,
          label: group.label,
          cells: {
            ...statCells(input, statsOf(window.g.get(group.key), "g"), `:${group.key}`),
            n305: { value: y?.n ?? 0, drill: input.drill(`l305:${group.key}`) },
            y305: { value: round(y?.y ?? null, 0), drill: null },
          },
        };
      }),
      {
        key: "all",
        label: "Все коровы",
        cells: {
          ...statCells(input, total, ""),
          n305: { value: y305.n, drill: input.drill("l305") },
          y305: { value: round(y305.y, 0), drill: null },
        },
      },
    ],
  };
  const byMonth: HerdReportTable = {
    key: "months",
    title: "По месяцам",
    columns: STAT_COLUMNS,
    rows: monthsOf(input.ctx.from, input.ctx.to).map((m) => ({
      key: m,
      // A month the period cuts is named by its days («29–30 ноября 2025»): its figures are of those.
      label: herdMonthTitle(m, input.ctx),
      cells: statCells(input, statsOf(window.m.get(m), "m"), `:${m}`),
    })),
  };
  const byDay: HerdReportTable = {
    key: "test_days",
    title: "По контрольным дойкам",
    columns: STAT_COLUMNS,
    rows: window.d.map(([d, sums]) => ({ key: d, label: d, cells: statCells(input, statsOf(sums, "d"), `:${d}`) })),
  };
  const bands: HerdReportTable = {
    key: "scc",
    title: "SCC на последней контрольной дойке",
    columns: [
      { key: "cows", label: "Коров", unit: "гол." },
      { key: "share", label: "Доля", unit: "%" },
    ],
    rows: SCC_BANDS.map((band, i) => {
      const cows = total.bands[i] ?? 0;
      const all = total.bands.reduce((a, b) => a + b, 0);
      return {
        key: band.key,
        label: band.label,
        cells: {
          cows: { value: cows, drill: input.drill(`scc:${band.key}`) },
          share: { value: all > 0 ? round((cows / all) * 100) : null, drill: null },
        },
      };
    }),
  };
  return [byMonth, byGroup, bands, byDay];
}

function monthCharts(input: ReportInput, window: MilkWindow): HerdReportChart[] {
  const months = monthsOf(input.ctx.from, input.ctx.to);
  const at = (m: string, g: string | null) =>
    statsOf(g === null ? window.m.get(m) : window.mg.get(monthGroupKey(m, g)), "m");
  const averages = (
    key: string,
    label: string,
    g: string | null,
    value: (s: MilkStats) => number | null,
    digits = 1,
  ) => ({
    key,
    label,
    values: months.map((m) => round(value(at(m, g)), digits)),
    drills: months.map(() => null),
  });
  return [
    {
      key: "milk",
      title: "Удой на корову в день по месяцам, кг",
      kind: "line",
      unit: "кг",
      x: months,
      series: [
        averages("all", "Все коровы", null, (s) => s.milk),
        ...LACT_GROUPS.map((g) => averages(g.key, g.label, g.key, (s) => s.milk)),
        averages("ecm", "ЭКМ, все коровы", null, (s) => s.ecm),
      ],
    },
    {
      key: "components",
      title: "Жир и белок по месяцам, %",
      kind: "line",
      unit: "%",
      x: months,
      series: [
        averages("fat", "Жир", null, (s) => s.fat, 2),
        averages("protein", "Белок", null, (s) => s.protein, 2),
        averages("fp", "Жир / белок", null, ratio, 2),
      ],
    },
    {
      key: "scc",
      title: "Коровы по SCC на последней дойке месяца",
      kind: "bar",
      unit: HERD_ANIMALS_UNIT,
      x: months,
      series: SCC_BANDS.map((band, i) => ({
        key: band.key,
        label: band.label,
        values: months.map((m) => at(m, null).bands[i] ?? 0),
        drills: months.map((m) => input.drill(`scc:${band.key}:${m}`)),
      })),
    },
  ];
}

const WEEKS = Array.from({ length: 44 }, (_, i) => i + 1);

/** The lactation curve: the period's from its window's DIM weeks, a year earlier's from curveOf. */
function curveChart(now: Map<number, number>, before: Map<number, number>): HerdReportChart {
  const series = (key: string, label: string, points: Map<number, number>) => ({
    key,
    label,
    values: WEEKS.map((w) => round(points.get(w) ?? null)),
    drills: WEEKS.map(() => null),
  });
  return {
    key: "curve",
    title: "Средняя лактационная кривая по неделям лактации, кг",
    kind: "line",
    unit: "кг",
    x: WEEKS.map(String),
    series: [series("now", "Период", now), series("year_before", "Тот же период год назад", before)],
  };
}

export async function milk(input: ReportInput): Promise<ReportBody> {
  await ensureReportFacts(input.db, input.databaseId);
  const { ctx, compare } = input;
  const before = compare ? { ...ctx, ...compare } : null;
  // The curve a year earlier comes with the compared period's sums when that is the same window
  // (a year's report against the year before): one pass over those rows, not two.
  const yearEarlier = yearBefore(ctx);
  const sameWindow = before !== null && before.from === yearEarlier.from && before.to === yearEarlier.to;
  const [now, windowBefore, curveBefore, y305Now, y305Before] = await Promise.all([
    testDayStats(input, ctx, true),
    before ? testDayStats(input, before, false) : Promise.resolve(null),
    sameWindow ? Promise.resolve(null) : curveOf(input, yearEarlier),
    lactations305(input, ctx),
    before ? lactations305(input, before) : Promise.resolve(null),
  ]);
  const y305 = y305Of(y305Now);
  return {
    kpis: kpis(
      input,
      statsOf(now.p, "p"),
      windowBefore ? statsOf(windowBefore.p, "p") : null,
      y305,
      y305Before ? y305Of(y305Before) : null,
    ),
    tables: tables(input, now, y305),
    charts: [...monthCharts(input, now), curveChart(now.w, curveBefore ?? windowBefore?.w ?? new Map())],
  };
}
