import type { HerdReportKpi } from "@nadoy/contract/herd-reports";
import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import { factsJoin } from "./report-animal-facts.ts";
import type { AtomContext } from "./report-atoms.ts";
import { ensureReproFacts } from "./report-facts.ts";
import { kpiCard } from "./report-kpi.ts";
import { openCowSql } from "./report-repro-atoms.ts";
import {
  calvingDaysSql,
  factCyclesChain,
  inPeriod,
  type ReproScope,
  reportScope,
  servicesChain,
} from "./report-repro-sql.ts";
import {
  cycleWindows,
  type GroupRow,
  groupsSql,
  serviceGroups,
  type WindowRow,
  windowsSql,
} from "./report-repro-tables.ts";
import type { ReportBody, ReportInput } from "./report-structure.ts";

// ---- Report 4, reproduction (HERD.md "Reproduction"): the 21-day pregnancy rate with its
// eligible cows, service and conception rates, days open, first-service DIM, services per
// conception and calving interval over the period; conception by service number, technician,
// sire and weekday; PR and SR per 21-day cycle. The VWP is the database's setting (herd_settings).
// The arithmetic is report-repro-sql.ts; cows only (lactation 1 and later). ----

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
/** Days in an average month, for the calving interval in months. */
const MONTH_DAYS = 30.4375;

type Figures = Record<string, number | null>;

/**
 * The period's totals over the chain's cow-cycles, as one JSON object: the cow-cycles' counts
 * summed over the cows, whose own counts are one grouping by cow (hashed, not a sort for each
 * distinct count).
 */
const cycleTotalsSql = sql`(select row_to_json(c) from
    (select coalesce(sum(elig_cc), 0) as elig_cc, coalesce(sum(bred_cc), 0) as bred_cc,
       coalesce(sum(known_cc), 0) as known_cc, coalesce(sum(preg_cc), 0) as preg_cc,
       count(*) filter (where elig_cc > 0) as elig_cows, count(*) filter (where bred_cc > 0) as bred_cows
     from (select count(*) filter (where elig) as elig_cc, count(*) filter (where elig and bred) as bred_cc,
             count(*) filter (where elig and known) as known_cc,
             count(*) filter (where elig and known and preg) as preg_cc
           from cyc group by animal_id) a) c)`;

/** The period's totals over its services and calvings, as one JSON object. */
function serviceTotalsSql(scope: ReproScope, at: AtomContext): SQL {
  return sql`(select row_to_json(s) from
    (select count(*) as services, count(*) filter (where result is not null) as known,
       count(*) filter (where result = 'preg') as pregs,
       count(distinct animal_id) filter (where result = 'preg') as preg_cows,
       avg(dim) filter (where result = 'preg') as days_open, avg(dim) filter (where n = 1) as first_dim,
       ${calvingDaysSql(scope, at)} as calving_days
     from svc where ${inPeriod(at)}) s)`;
}

/** The KPI figures of the totals. */
function figuresOf(row: Record<string, number | string | null> | undefined): Figures {
  const v = (name: string) => (row?.[name] === null || row?.[name] === undefined ? null : Number(row[name]));
  const pct = (part: string, whole: string) => {
    const w = v(whole) ?? 0;
    return w > 0 ? round1(((v(part) ?? 0) / w) * 100) : null;
  };
  const pregs = v("pregs") ?? 0;
  const calvingDays = v("calving_days");
  return {
    pr: pct("preg_cc", "known_cc"),
    sr: pct("bred_cc", "elig_cc"),
    cr: pct("pregs", "known"),
    elig_cows: v("elig_cows"),
    bred_cows: v("bred_cows"),
    preg_cows: v("preg_cows"),
    services: v("services"),
    days_open: round1(v("days_open")),
    first_dim: round1(v("first_dim")),
    spc: pregs > 0 ? round2((v("known") ?? 0) / pregs) : null,
    calving_interval: calvingDays === null ? null : round1(calvingDays / MONTH_DAYS),
  };
}

type Totals = Record<string, number | string | null>;

/**
 * A period's figures in two statements that run side by side: over its cow-cycles (with the
 * windows when asked) and over its services (with the service groups when asked).
 */
async function figures(input: ReportInput, at: AtomContext, details: boolean) {
  const scope = reportScope(input.databaseId, input.base, at);
  const [[cycles], [services]] = await Promise.all([
    queryRows<{ totals: Totals; windows: WindowRow[] | null }>(
      input.db,
      sql`${factCyclesChain(scope, at)}
        select ${cycleTotalsSql} as totals, ${details ? windowsSql(at) : sql`null`} as windows`,
    ),
    queryRows<{ totals: Totals; groups: GroupRow[] | null }>(
      input.db,
      sql`${servicesChain(scope, at)}
        select ${serviceTotalsSql(scope, at)} as totals, ${details ? groupsSql(at) : sql`null`} as groups`,
    ),
  ]);
  return {
    totals: figuresOf({ ...cycles?.totals, ...services?.totals }),
    windows: cycles?.windows ?? [],
    groups: services?.groups ?? [],
  };
}

/** Cows open today past the VWP (a figure of today, not of the period). */
async function openNow(input: ReportInput, vwp: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    input.db,
    // Only milking cows can be open now: the status index picks them instead of every animal.
    sql`select count(*) filter (where ${openCowSql(input.ctx, vwp, sql`coalesce(f.open, false)`)}) as n
        from herd_animals a ${factsJoin}
        where a.database_id = ${input.databaseId} and a.status = 'milking' and ${input.base}`,
  );
  return Number(row?.n ?? 0);
}

function kpis(input: ReportInput, vwp: number, now: Figures, then: Figures | null, open: number): HerdReportKpi[] {
  const vwpText = `ДОП ${vwp} дней — настройка базы`;
  const card = (
    key: string,
    label: string,
    unit: string,
    better: "higher" | "lower" | null,
    drill: string | null,
    hint: string,
  ): HerdReportKpi =>
    kpiCard(input, { key, label, unit, better, drill, hint }, now[key] ?? null, then ? (then[key] ?? null) : null);
  return [
    card(
      "pr",
      "21-дневная стельность",
      "%",
      "higher",
      null,
      `Σ стельных ÷ Σ коров-циклов, годных к осеменению, с известным итогом × 100 (HERD.md). Циклы по 21 дню у каждой коровы с конца ДОП (${vwpText}), начавшиеся в периоде. Корова годна в цикле, если была открыта (после ДОП, не стельна, без отметки «не осеменять», в стаде) не меньше 11 из 21 дня или осеменена в нём; циклы, кончившиеся меньше 28 дней назад, идут только в охват осеменением. Стельность — осеменение, за которым следует PREG или аборт, или отёл не раньше чем через 260 дней.`,
    ),
    card(
      "sr",
      "Охват осеменением",
      "%",
      "higher",
      null,
      `Коров-циклов с осеменением ÷ коров-циклов, годных к осеменению × 100, по тем же 21-дневным циклам (${vwpText}), включая кончившиеся меньше 28 дней назад.`,
    ),
    card(
      "cr",
      "Оплодотворяемость",
      "%",
      "higher",
      null,
      "Стельных осеменений ÷ осеменений с известным итогом × 100; осеменения коров, датированные периодом. Итог — следующее событие коровы: PREG или ABORT — стельная; отёл через 260 дней и больше — стельная; OPEN или новое осеменение — нет; иначе итог неизвестен.",
    ),
    card(
      "elig_cows",
      "Коров под осеменением",
      "гол.",
      null,
      `r4cyc:${vwp}:elig`,
      `Коровы, годные к осеменению хотя бы в одном 21-дневном цикле, начавшемся в периоде (${vwpText}).`,
    ),
    card(
      "bred_cows",
      "Осеменено коров",
      "гол.",
      "higher",
      `r4cyc:${vwp}:bred`,
      "Коровы, осеменённые хотя бы в одном из своих циклов периода, когда были годны к осеменению.",
    ),
    card(
      "preg_cows",
      "Стали стельными",
      "гол.",
      "higher",
      "r4svc:preg",
      "Коровы со стельным осеменением, датированным периодом.",
    ),
    {
      ...card(
        "open_now",
        "Открытые после ДОП",
        "гол.",
        "lower",
        `r4open:${vwp}`,
        `Дойные коровы сегодня с днями лактации не меньше ДОП (${vwpText}), без отметки «не осеменять» в этой лактации и без осеменения после её последнего аборта, которое стельное или ждёт итога.`,
      ),
      value: open,
      compare_value: null,
    },
    card("services", "Осеменений", "шт.", null, null, "Осеменения (BRED) коров, датированные периодом."),
    card(
      "days_open",
      "Сервис-период",
      "дн.",
      "lower",
      null,
      "Среднее число дней от отёла до стельного осеменения, по стельным осеменениям периода.",
    ),
    card(
      "first_dim",
      "Первое осеменение",
      "дн. лакт.",
      null,
      null,
      "Средние дни лактации при первом осеменении лактации (BRED), по первым осеменениям периода.",
    ),
    card(
      "spc",
      "Осеменений на стельность",
      "",
      "lower",
      null,
      "Осеменения с известным итогом ÷ стельные осеменения, за период (= 100 ÷ оплодотворяемость).",
    ),
    card(
      "calving_interval",
      "Межотёльный период",
      "мес.",
      "lower",
      null,
      `Средние дни от предыдущего отёла, ÷ ${MONTH_DAYS}, по отёлам периода, у которых записан предыдущий отёл.`,
    ),
  ];
}

export async function reproduction(input: ReportInput): Promise<ReportBody> {
  const vwp = await ensureReproFacts(input.db, input.databaseId, input.ctx.today);
  const before = input.compare ? { ...input.ctx, ...input.compare } : null;
  const [now, then, open] = await Promise.all([
    figures(input, input.ctx, true),
    before ? figures(input, before, false).then((f) => f.totals) : null,
    openNow(input, vwp),
  ]);
  const cycles = cycleWindows(input, vwp, now.windows);
  const services = serviceGroups(input, now.groups);
  return {
    kpis: kpis(input, vwp, now.totals, then, open),
    tables: [cycles.table, ...services.tables],
    charts: [cycles.cows, cycles.chart, services.chart],
  };
}
