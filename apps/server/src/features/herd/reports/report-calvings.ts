import type { HerdReportChart, HerdReportKpi, HerdReportTable } from "@nadoy/contract/herd-reports";
import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import { factsJoin } from "./report-animal-facts.ts";
import { type AtomContext, lactIn, within } from "./report-atoms.ts";
import {
  CALF_OUTCOMES,
  type CalfOutcome,
  calvingOutcome,
  GESTATION_DAYS,
  joinedDueBucket,
  PARITIES,
  type Parity,
  parityOf,
} from "./report-calvings-atoms.ts";
import { ensureReportFacts } from "./report-facts.ts";
import { kpiCard } from "./report-kpi.ts";
import { monthsOf, type ReportBody, type ReportInput } from "./report-structure.ts";

// ---- Report 6, calvings and calves: the calvings of the period, month by month, by what the
// FRESH remark says of the calf; abortions against confirmed pregnancies; calvings expected in the
// next 12 months from the conception dates of the animals pregnant today ----
// Calvings are counted as calvings (a cow that calved twice in the period is two), so that the
// card, the outcomes' «Всего» and the months' bars are one figure; their drills list the cows that
// calved (fewer when one calved twice). Abortions, pregnancies and expected calvings count animals
// (count(distinct …) over the same predicates as the drill atoms in report-calvings-atoms.ts).

type Counts = Record<string, number>;

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const pct = (part: number | undefined, whole: number | undefined) =>
  whole ? round1(((part ?? 0) / whole) * 100) : null;
const countKey = (outcome: CalfOutcome, parity: Parity) => `${outcome}_${parity === "2+" ? "2p" : parity}`;

/**
 * The calvings of the period with each outcome and parity (`<outcome>_<all|1|2p>`), from the
 * calvings' outcomes (report facts), under the «Лактация» filter by the lactation each began.
 */
async function calvingCounts(input: ReportInput, at: AtomContext): Promise<Counts> {
  const keys = CALF_OUTCOMES.flatMap((outcome) => PARITIES.map((parity) => ({ outcome, parity })));
  const counts = keys.map(
    ({ outcome, parity }) =>
      sql`count(*) filter (where ${calvingOutcome(outcome, sql`c`)} and ${parityOf(parity, sql`c.lact`)}) as ${sql.raw(countKey(outcome, parity))}`,
  );
  const [row] = await queryRows<Record<string, number | string>>(
    input.db,
    sql`select ${sql.join(counts, sql`, `)}
        from herd_calvings c join herd_animals a on a.database_id = c.database_id and a.id = c.animal_id
        where c.database_id = ${input.databaseId} and ${input.base} and ${within(sql`c.fresh_date`, at, undefined)}
          and ${lactIn(at, sql`c.lact`)}`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

/**
 * Animals with an ABORT, and with a PREG, in the period: all, heifers (lactation 0), cows (each
 * animal once); under the «Лактация» filter, events of that lactation.
 */
async function abortCounts(input: ReportInput, at: AtomContext): Promise<Counts> {
  const flags = (code: string, name: string) => sql`
    bool_or(e.code = ${code}) as ${sql.raw(`${name}_all`)},
    bool_or(e.code = ${code} and e.lact = 0) as ${sql.raw(`${name}_h`)},
    bool_or(e.code = ${code} and e.lact >= 1) as ${sql.raw(`${name}_c`)}`;
  const counts = ["abort", "preg"].flatMap((name) =>
    ["all", "h", "c"].map((who) => sql.raw(`count(*) filter (where x.${name}_${who}) as ${name}_${who}`)),
  );
  const [row] = await queryRows<Record<string, number | string>>(
    input.db,
    sql`select ${sql.join(counts, sql`, `)}
        from (select ${flags("ABORT", "abort")}, ${flags("PREG", "preg")}
              from herd_events e join herd_animals a on a.database_id = e.database_id and a.id = e.animal_id
              where e.database_id = ${input.databaseId} and e.code in ('ABORT', 'PREG')
                and ${within(sql`e.event_date`, at, undefined)} and ${lactIn(at, sql`e.lact`)} and ${input.base}
              group by e.animal_id) x`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

function kpis(
  input: ReportInput,
  now: Counts,
  nowAbort: Counts,
  before: Counts | null,
  beforeAbort: Counts | null,
  due: Counts,
): HerdReportKpi[] {
  const card = (
    key: string,
    label: string,
    unit: string,
    value: (c: Counts, ab: Counts) => number | null,
    better: "higher" | "lower" | null,
    drill: string | null,
    hint: string,
  ): HerdReportKpi =>
    kpiCard(
      input,
      { key, label, unit, better, drill, hint },
      value(now, nowAbort),
      before && beforeAbort ? value(before, beforeAbort) : null,
    );
  const REMARK =
    "Исход читается из примечания к событию FRESH в день отёла: ТЁЛКА / БЫЧОК — пол телёнка, МЁРТВ — мертворождённый, два телёнка в примечании или ДВОЙНЯ — двойня.";
  const CALVINGS =
    "Считаются отёлы, а не коровы: корова, отелившаяся в периоде дважды, — два отёла; в расшифровке — коровы этих отёлов.";
  return [
    card(
      "calved",
      "Отёлов",
      "",
      (c) => c.all_all ?? 0,
      null,
      "calv:all:all",
      `Отёлы (начала лактаций) в периоде — столько же, сколько в сумме столбцов графика «Отёлы по месяцам». ${CALVINGS}`,
    ),
    card(
      "first",
      "Отёлов первотёлок",
      "",
      (c) => c.all_1 ?? 0,
      null,
      "calv:all:1",
      "Отёлы, с которых в периоде началась 1-я лактация (у каждой коровы он один).",
    ),
    card(
      "stillborn",
      "Мертворождения",
      "%",
      (c) => pct(c.still_all, c.known_all),
      "lower",
      null,
      `Отёлы с мертворождённым телёнком ÷ отёлы периода с известным исходом × 100. ${REMARK}`,
    ),
    card(
      "twins",
      "Отёлов двойней",
      "",
      (c) => c.twins_all ?? 0,
      null,
      "calv:twins:all",
      `Отёлы двойней в периоде. ${REMARK}`,
    ),
    card(
      "female_share",
      "Доля отёлов тёлочками",
      "%",
      (c) => pct(c.female_all, c.known_all),
      "higher",
      null,
      `Отёлы с тёлочкой (живой или мёртвой) ÷ отёлы с известным исходом × 100. ${REMARK}`,
    ),
    card(
      "aborts",
      "Аборты",
      "гол.",
      (_c, ab) => ab.abort_all ?? 0,
      "lower",
      "abort:all",
      "Животные (тёлки и коровы) с событием ABORT в периоде.",
    ),
    card(
      "abort_rate",
      "Аборты к стельностям",
      "%",
      (_c, ab) => pct(ab.abort_all, ab.preg_all),
      "lower",
      null,
      "Животные с абортом в периоде ÷ животные с подтверждённой стельностью (PREG) в периоде × 100.",
    ),
    {
      key: "due",
      label: "Ожидается отёлов за 12 месяцев",
      unit: "гол.",
      value: due.next ?? 0,
      compare_value: null,
      better: null,
      drill: input.drill("due:next"),
      hint: `Стельные сегодня тёлки и коровы с ожидаемым отёлом от сегодня до конца 12-го месяца. Стельная: RC 5 или PREG после последнего осеменения (BRED) текущей лактации, и после него нет OPEN или ABORT; дата отёла — дата этого осеменения + ${GESTATION_DAYS} дней.`,
    },
    {
      key: "overdue",
      label: "Срок отёла прошёл",
      unit: "гол.",
      value: due.past ?? 0,
      compare_value: null,
      better: "lower",
      drill: input.drill("due:past"),
      hint: `Стельные по данным животные, у которых дата осеменения + ${GESTATION_DAYS} дней уже прошла, а отёла нет: проверьте данные.`,
    },
  ];
}

const OUTCOME_LABELS: Record<CalfOutcome, string> = {
  all: "Всего отелилось",
  known: "Исход известен",
  live: "Живой телёнок",
  still: "Мертворождённый",
  female: "Тёлочка",
  male: "Бычок",
  twins: "Двойня",
  unknown: "Исход не записан",
};

function outcomeTable(input: ReportInput, c: Counts): HerdReportTable {
  const columns: { key: string; label: string; parity: Parity }[] = [
    { key: "first", label: "Первотёлки", parity: "1" },
    { key: "cows", label: "Коровы", parity: "2+" },
    { key: "total", label: "Всего", parity: "all" },
  ];
  return {
    key: "outcomes",
    title: "Исходы отёлов, число отёлов",
    columns: columns.map((col) => ({ key: col.key, label: col.label, unit: "" })),
    rows: CALF_OUTCOMES.map((outcome) => ({
      key: outcome,
      label: OUTCOME_LABELS[outcome],
      cells: Object.fromEntries(
        columns.map((col) => [
          col.key,
          { value: c[countKey(outcome, col.parity)] ?? 0, drill: input.drill(`calv:${outcome}:${col.parity}`) },
        ]),
      ),
    })),
  };
}

function abortTable(input: ReportInput, ab: Counts): HerdReportTable {
  const rows = [
    { key: "h", label: "Тёлки" },
    { key: "c", label: "Коровы" },
    { key: "all", label: "Всего" },
  ];
  return {
    key: "aborts",
    title: "Аборты",
    columns: [
      { key: "preg", label: "Стельность подтверждена", unit: "гол." },
      { key: "abort", label: "Аборт", unit: "гол." },
      { key: "rate", label: "Аборты к стельностям", unit: "%" },
    ],
    rows: rows.map((row) => ({
      key: row.key,
      label: row.label,
      cells: {
        preg: { value: ab[`preg_${row.key}`] ?? 0, drill: input.drill(`preg:${row.key}`) },
        abort: { value: ab[`abort_${row.key}`] ?? 0, drill: input.drill(`abort:${row.key}`) },
        rate: { value: pct(ab[`abort_${row.key}`], ab[`preg_${row.key}`]), drill: null },
      },
    })),
  };
}

/** The calvings by month: the same calvings as the cards and the outcomes' «Всего». */
async function byMonth(input: ReportInput): Promise<HerdReportChart> {
  const rows = await queryRows<{ m: string; first: number | string; later: number | string }>(
    input.db,
    sql`select to_char(date_trunc('month', c.fresh_date), 'YYYY-MM') as m,
          count(*) filter (where ${parityOf("1", sql`c.lact`)}) as first,
          count(*) filter (where ${parityOf("2+", sql`c.lact`)}) as later
        from herd_calvings c join herd_animals a on a.database_id = c.database_id and a.id = c.animal_id
        where c.database_id = ${input.databaseId} and ${input.base} and ${within(sql`c.fresh_date`, input.ctx, undefined)}
          and ${lactIn(input.ctx, sql`c.lact`)}
        group by 1`,
  );
  const months = monthsOf(input.ctx.from, input.ctx.to);
  const series = (key: "first" | "later", label: string, parity: Parity) => ({
    key,
    label,
    values: months.map((m) => Number(rows.find((r) => r.m === m)?.[key] ?? 0)),
    drills: months.map((m) => input.drill(`calv:all:${parity}:${m}`)),
  });
  return {
    key: "calvings",
    title: "Отёлы по месяцам",
    kind: "bar",
    unit: "отёлов",
    x: months,
    series: [series("first", "Первотёлки", "1"), series("later", "Коровы", "2+")],
  };
}

/**
 * Pregnant animals by due month (12 months from today's) and overdue; heifers and cows apart; under
 * the «Лактация» filter, by their lactation today.
 */
async function dueCounts(
  input: ReportInput,
): Promise<{ rows: { g: string; young: number; adult: number }[]; total: Counts }> {
  const rows = await queryRows<{ g: string; young: number | string; adult: number | string }>(
    input.db,
    sql`select y.g, count(*) filter (where y.lact = 0) as young, count(*) filter (where y.lact >= 1) as adult
        from (select a.lact, ${joinedDueBucket(input.ctx.today)} as g from herd_animals a ${factsJoin}
              where a.database_id = ${input.databaseId} and ${input.base} and a.status in ('milking', 'dry', 'heifer')
                and ${lactIn(input.ctx, sql`a.lact`)}) y
        where y.g is not null and y.g <> 'later' group by 1`,
  );
  const parsed = rows.map((r) => ({ g: r.g, young: Number(r.young), adult: Number(r.adult) }));
  const sum = (list: typeof parsed) => list.reduce((s, r) => s + r.young + r.adult, 0);
  return {
    rows: parsed,
    total: { past: sum(parsed.filter((r) => r.g === "past")), next: sum(parsed.filter((r) => r.g !== "past")) },
  };
}

function dueTable(input: ReportInput, rows: { g: string; young: number; adult: number }[]): HerdReportTable {
  const today = input.ctx.today;
  const next = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 11);
  const months = monthsOf(today, next.toISOString().slice(0, 10));
  const groups = [{ key: "past", label: "Срок прошёл" }, ...months.map((m) => ({ key: m, label: m }))];
  const at = (g: string, who: "young" | "adult") => rows.find((r) => r.g === g)?.[who] ?? 0;
  return {
    key: "due",
    title: "Ожидаемые отёлы по месяцам",
    columns: [
      { key: "heifers", label: "Тёлки", unit: "гол." },
      { key: "cows", label: "Коровы", unit: "гол." },
      { key: "total", label: "Всего", unit: "гол." },
    ],
    rows: groups.map((g) => ({
      key: g.key,
      label: g.label,
      cells: {
        heifers: { value: at(g.key, "young"), drill: input.drill(`due:${g.key}|young`) },
        cows: { value: at(g.key, "adult"), drill: input.drill(`due:${g.key}|adult`) },
        total: { value: at(g.key, "young") + at(g.key, "adult"), drill: input.drill(`due:${g.key}`) },
      },
    })),
  };
}

export async function calvings(input: ReportInput): Promise<ReportBody> {
  await ensureReportFacts(input.db, input.databaseId);
  const before: AtomContext | null = input.compare ? { ...input.ctx, ...input.compare } : null;
  const none = async (): Promise<Counts | null> => null;
  const [now, nowAbort, was, wasAbort, chart, due] = await Promise.all([
    calvingCounts(input, input.ctx),
    abortCounts(input, input.ctx),
    before ? calvingCounts(input, before) : none(),
    before ? abortCounts(input, before) : none(),
    byMonth(input),
    dueCounts(input),
  ]);
  return {
    kpis: kpis(input, now, nowAbort, was, wasAbort, due.total),
    tables: [outcomeTable(input, now), abortTable(input, nowAbort), dueTable(input, due.rows)],
    charts: [chart],
  };
}
