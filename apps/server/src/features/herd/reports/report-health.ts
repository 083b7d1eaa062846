import type { HerdReportChart, HerdReportKpi, HerdReportTable } from "@nadoy/contract/herd-reports";
import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import { factsJoin, joinedFirstFresh } from "./report-animal-facts.ts";
import { type AtomContext, lactIn, within } from "./report-atoms.ts";
import { cowDays } from "./report-culling.ts";
import { ensureReportFacts } from "./report-facts.ts";
import {
  atRisk,
  caseInLactGroup,
  freshIn60,
  HEALTH_CODES,
  type HealthCode,
  inCohort60,
} from "./report-health-atoms.ts";
import { kpiCard } from "./report-kpi.ts";
import { monthsOf, type ReportBody, type ReportInput } from "./report-structure.ts";

// ---- Report 7, health (HERD.md "Health, culling, dry period"): per disease, the cows at risk with
// a new case in the period (incidence per 100 cows at risk), cases per 100 cow-years, cows with
// repeated cases, and the lactational incidence in the first 60 days in milk; new cases month by
// month ----
// Counts of cows are count(distinct …) under the predicates of report-health-atoms.ts, so each
// drill lists exactly them. The chart counts new cases, as the table's «Новых случаев» does (its
// months add up to it); a bar's drill lists the cows of its cases.

const NAMES: Record<HealthCode, string> = {
  MAST: "Мастит",
  LAME: "Хромота",
  KETOSIS: "Кетоз",
  METR: "Метрит",
  RP: "Задержание последа",
  DA: "Смещение сычуга",
  MF: "Родильный парез",
};

/** HERD.md's benchmarks (achievable / alarm), for the hints. */
const BENCHMARKS: Partial<Record<HealthCode, string>> = {
  MAST: "Ориентир HERD.md: клинический мастит около 20–35 случаев на 100 коров в год.",
  LAME: "Ориентир HERD.md: распространённость хромоты часто 20–50 %.",
  KETOSIS: "Ориентир HERD.md: клинический кетоз 3 % достижимо, больше 8 % — тревога.",
  RP: "Ориентир HERD.md: меньше 8 % достижимо, 10 % и больше — тревога.",
  DA: "Ориентир HERD.md: меньше 3 % достижимо, 6 % и больше — тревога.",
  MF: "Ориентир HERD.md: меньше 2 % достижимо, 5 % и больше — тревога.",
};

interface Figures {
  atRisk: number;
  cowYears: number;
  /** Per code: cows at risk with a new case, the new cases, cows with two or more. */
  cows: Partial<Record<string, number>>;
  cases: Partial<Record<string, number>>;
  repeats: Partial<Record<string, number>>;
  /** The first-60-days cohort, and per code the cows of it with an event in those days. */
  cohort: number;
  cohortCows: Partial<Record<string, number>>;
}

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const per100 = (part: number | undefined, whole: number) => (whole > 0 ? round1(((part ?? 0) / whole) * 100) : null);

async function figures(input: ReportInput, at: AtomContext): Promise<Figures> {
  const { db, databaseId, base } = input;
  const [totals, cases, cohort] = await Promise.all([
    queryRows<{ at_risk: number | string; cow_days: number | string }>(
      db,
      sql`select count(*) filter (where ${atRisk(at, joinedFirstFresh)}) as at_risk, ${cowDays(at)} as cow_days
          from herd_animals a ${factsJoin} where a.database_id = ${databaseId} and ${base}`,
    ),
    // New cases of cows at risk in the period, per cow, then per code.
    queryRows<{ code: string; cows: number | string; cases: number | string; repeats: number | string }>(
      db,
      sql`select x.code, count(*) as cows, sum(x.n) as cases, count(*) filter (where x.n >= 2) as repeats
          from (select c.code, c.animal_id, count(*) as n
                from herd_health_cases c join herd_animals a on a.database_id = c.database_id and a.id = c.animal_id
                  ${factsJoin}
                where c.database_id = ${databaseId} and ${within(sql`c.event_date`, at, undefined)}
                  and ${base} and ${atRisk(at, joinedFirstFresh)} and ${caseInLactGroup(at)}
                group by 1, 2) x
          group by 1`,
    ),
    // The first-60-days cohort (code null) and its cows with an event of each code on days 0–60
    // (report facts).
    queryRows<{ code: string | null; cows: number | string }>(
      db,
      sql`select null as code, count(distinct l.animal_id) as cows
          from herd_lactations l join herd_animals a on a.database_id = l.database_id and a.id = l.animal_id
          where l.database_id = ${databaseId} and ${base} and ${inCohort60(at)} and ${lactIn(at, sql`l.lact`)}
          union all
          select h.code, count(distinct h.animal_id)
          from herd_fresh_health h join herd_animals a on a.database_id = h.database_id and a.id = h.animal_id
          where h.database_id = ${databaseId} and ${base} and ${freshIn60(sql`h`, at)} and ${lactIn(at, sql`h.lact`)}
          group by h.code`,
    ),
  ]);
  const byCode = (field: "cows" | "cases" | "repeats") =>
    Object.fromEntries(cases.map((r) => [r.code, Number(r[field])]));
  return {
    atRisk: Number(totals[0]?.at_risk ?? 0),
    cowYears: Number(totals[0]?.cow_days ?? 0) / 365.25,
    cows: byCode("cows"),
    cases: byCode("cases"),
    repeats: byCode("repeats"),
    cohort: Number(cohort.find((r) => r.code === null)?.cows ?? 0),
    cohortCows: Object.fromEntries(cohort.filter((r) => r.code !== null).map((r) => [r.code, Number(r.cows)])),
  };
}

const RISK =
  "Коровы под риском — коровы (лактация 1 и старше), бывшие в стаде после первого отёла хотя бы один день периода; с фильтром «Лактация» — бывшие в этой лактации хотя бы один день периода, а случаи — этой лактации.";
const NEW_CASE =
  "Новый случай — событие болезни не раньше 14 дней после предыдущего события той же болезни (HERD.md, для мастита; здесь для всех болезней).";
const COHORT =
  "Когорта 60 дней — коровы, у которых 60-й день лактации пришёлся на период (отёл с начала периода − 60 дней по его конец − 60 дней): их первые 60 дней видны целиком.";

function kpis(input: ReportInput, now: Figures, was: Figures | null): HerdReportKpi[] {
  const card = (
    key: string,
    label: string,
    unit: string,
    value: (f: Figures) => number | null,
    better: "higher" | "lower" | null,
    drill: string | null,
    hint: string,
  ): HerdReportKpi => kpiCard(input, { key, label, unit, better, drill, hint }, value(now), was ? value(was) : null);
  const lir = (code: HealthCode) =>
    card(
      `${code.toLowerCase()}_lir`,
      `${NAMES[code]}: заболеваемость`,
      "%",
      (f) => per100(f.cows[code], f.atRisk),
      "lower",
      null,
      `Коровы под риском с новым случаем в периоде ÷ коровы под риском × 100. ${RISK} ${NEW_CASE} ${BENCHMARKS[code] ?? ""}`.trim(),
    );
  const lir60 = (code: HealthCode) =>
    card(
      `${code.toLowerCase()}_60`,
      `${NAMES[code]}: первые 60 дней`,
      "%",
      (f) => per100(f.cohortCows[code], f.cohort),
      "lower",
      null,
      `Лактационная заболеваемость: коровы когорты с событием ${code} на 0–60-й день лактации ÷ коровы когорты × 100. ${COHORT} ${BENCHMARKS[code] ?? ""}`.trim(),
    );
  return [
    card("at_risk", "Коров под риском", "гол.", (f) => f.atRisk, null, "atrisk", RISK),
    card("cohort60", "Когорта первых 60 дней", "гол.", (f) => f.cohort, null, "fresh60", COHORT),
    lir("MAST"),
    card(
      "mast_rate",
      "Мастит: случаев на 100 коров в год",
      "на 100 коров в год",
      (f) => (f.cowYears > 0 ? round1(((f.cases.MAST ?? 0) / f.cowYears) * 100) : null),
      "lower",
      null,
      `Новые случаи мастита у коров под риском ÷ коровогоды под риском × 100; коровогоды — дни от первого отёла (или начала периода) до выбытия (или конца периода), ÷ 365,25. ${NEW_CASE} ${BENCHMARKS.MAST}`,
    ),
    card(
      "mast_repeats",
      "Мастит: коров с повторными случаями",
      "гол.",
      (f) => f.repeats.MAST ?? 0,
      "lower",
      "atrisk|dis:MAST:rep",
      `Коровы под риском с двумя и более новыми случаями мастита в периоде. ${NEW_CASE}`,
    ),
    lir("LAME"),
    lir60("RP"),
    lir60("METR"),
    lir60("KETOSIS"),
    lir60("DA"),
    lir60("MF"),
  ];
}

function diseaseTable(input: ReportInput, f: Figures): HerdReportTable {
  return {
    key: "diseases",
    title: "Заболевания за период",
    columns: [
      { key: "cases", label: "Новых случаев", unit: "сл." },
      { key: "cows", label: "Заболело коров", unit: "гол." },
      { key: "lir", label: "На 100 коров под риском", unit: "%" },
      { key: "rate", label: "Случаев на 100 коров в год", unit: "" },
      { key: "repeats", label: "Коров с повторными", unit: "гол." },
      { key: "cows60", label: "Заболело в первые 60 дней", unit: "гол." },
      { key: "lir60", label: "Первые 60 дней", unit: "%" },
    ],
    rows: HEALTH_CODES.map((code) => ({
      key: code,
      label: NAMES[code],
      cells: {
        cases: { value: f.cases[code] ?? 0, drill: null },
        cows: { value: f.cows[code] ?? 0, drill: input.drill(`atrisk|dis:${code}`) },
        lir: { value: per100(f.cows[code], f.atRisk), drill: null },
        rate: { value: f.cowYears > 0 ? round1(((f.cases[code] ?? 0) / f.cowYears) * 100) : null, drill: null },
        repeats: { value: f.repeats[code] ?? 0, drill: input.drill(`atrisk|dis:${code}:rep`) },
        cows60: { value: f.cohortCows[code] ?? 0, drill: input.drill(`dis:${code}:60`) },
        lir60: { value: per100(f.cohortCows[code], f.cohort), drill: null },
      },
    })),
  };
}

async function byMonth(input: ReportInput): Promise<HerdReportChart> {
  const { ctx } = input;
  const rows = await queryRows<{ m: string; code: string; n: number | string }>(
    input.db,
    sql`select to_char(date_trunc('month', c.event_date), 'YYYY-MM') as m, c.code, count(*) as n
        from herd_health_cases c join herd_animals a on a.database_id = c.database_id and a.id = c.animal_id
          ${factsJoin}
        where c.database_id = ${input.databaseId} and ${within(sql`c.event_date`, ctx, undefined)}
          and ${input.base} and ${atRisk(ctx, joinedFirstFresh)} and ${caseInLactGroup(ctx)}
        group by 1, 2`,
  );
  const months = monthsOf(ctx.from, ctx.to);
  return {
    key: "months",
    title: "Новые случаи заболеваний по месяцам",
    kind: "bar",
    unit: "сл.",
    x: months,
    series: HEALTH_CODES.map((code) => ({
      key: code,
      label: NAMES[code],
      values: months.map((m) => Number(rows.find((r) => r.m === m && r.code === code)?.n ?? 0)),
      drills: months.map((m) => input.drill(`atrisk|dis:${code}:${m}`)),
    })),
  };
}

export async function health(input: ReportInput): Promise<ReportBody> {
  await ensureReportFacts(input.db, input.databaseId);
  const before: AtomContext | null = input.compare ? { ...input.ctx, ...input.compare } : null;
  const [now, was, chart] = await Promise.all([
    figures(input, input.ctx),
    before ? figures(input, before) : Promise.resolve(null),
    byMonth(input),
  ]);
  return { kpis: kpis(input, now, was), tables: [diseaseTable(input, now)], charts: [chart] };
}
