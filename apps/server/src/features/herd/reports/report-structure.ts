import {
  HERD_ANIMALS_UNIT,
  type HerdReportChart,
  type HerdReportKpi,
  type HerdReportTable,
} from "@nadoy/contract/herd-reports";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import { dimOf } from "../animals.repository.ts";
import { type AtomContext, keySql, lactIn, penAtom } from "./report-atoms.ts";
import {
  bandCode,
  bandKey,
  DIM_BANDS,
  IN_HERD,
  penRank,
  type WholeHerdRow,
  wholeHerdRows,
} from "./report-structure-cells.ts";

// ---- Report 1, herd structure: the herd today by status, lactation, DIM band, pen and RC; births
// and exits month by month over the period ----
// Every count is `count(*) filter (where <key>)` or a group whose drill key names the same set.

export interface ReportInput {
  db: Db;
  databaseId: number;
  /** The report's filters (segment, lactation group, pen) as one condition. */
  base: SQL;
  /** No filters (base is `true`): the whole herd, which summed facts may answer for. */
  whole: boolean;
  ctx: AtomContext;
  compare: { from: string; to: string } | null;
  /** The drill token of a key over the report's period. */
  drill: (key: string) => string;
}

export interface ReportBody {
  kpis: HerdReportKpi[];
  tables: HerdReportTable[];
  charts: HerdReportChart[];
}

const STATUS_LABELS = { milking: "Дойные", dry: "Сухостойные", heifer: "Тёлки" } as const;
const LACT_GROUPS = [
  { key: "1", label: "1-я лактация" },
  { key: "2", label: "2-я лактация" },
  { key: "3+", label: "3-я и старше" },
] as const;
const RC_LABELS: Record<string, string> = {
  "0": "0 — нет кода",
  "1": "1 — не осеменять",
  "2": "2 — после отёла",
  "3": "3 — открыта для осеменения",
  "4": "4 — осеменена",
  "5": "5 — стельная",
  "6": "6 — сухостойная",
  "7": "7 — выбыла",
};

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const _num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The animals of the database (under the report's filters) grouped once by everything report 1
 * shows: status, lactation group, DIM band, pen, RC, month of birth in the period, month of exit in
 * the period; with the sums the averages need and, when comparing, the counts of the other period.
 * Every table, card and the chart adds up these groups (a few hundred) instead of scanning the
 * animals once each; the groups use the atoms' own expressions, so each number is its drill's count.
 */
interface Cell {
  status: string;
  lg: string;
  band: string;
  pen: string | null;
  pen_rank: number;
  rc: number | null;
  bm: string | null;
  xm: string | null;
  n: number;
  dim_sum: number;
  dim_n: number;
  lact_sum: number;
  born_b: number;
  sold_b: number;
  died_b: number;
}

const toNumber = (value: string | number | null | undefined) => Number(value ?? 0);
const textOrNull = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : String(value);

/** A group as either statement answers it (the columns a statement has not are nulls and zeros). */
function cellOf(r: Partial<Record<keyof Cell, string | number | null>>): Cell {
  return {
    status: String(r.status),
    lg: r.lg === null || r.lg === undefined ? "" : Number(r.lg) >= 3 ? "3+" : String(r.lg),
    band: String(r.band ?? "none"),
    pen: textOrNull(r.pen),
    pen_rank: toNumber(r.pen_rank),
    rc: r.rc === null || r.rc === undefined ? null : Number(r.rc),
    bm: textOrNull(r.bm),
    xm: textOrNull(r.xm),
    n: toNumber(r.n),
    dim_sum: toNumber(r.dim_sum),
    dim_n: toNumber(r.dim_n),
    lact_sum: toNumber(r.lact_sum),
    born_b: toNumber(r.born_b),
    sold_b: toNumber(r.sold_b),
    died_b: toNumber(r.died_b),
  };
}

/** A whole herd's kept cells, and its months' flows as cells of status born, sold and died. */
function wholeCells(rows: WholeHerdRow[]): Cell[] {
  return rows.flatMap((r) => {
    if (r.k === "cell") return [cellOf(r)];
    if (r.k !== "month") return [];
    return [
      cellOf({ status: "born", bm: r.m, n: r.born, born_b: r.born_b }),
      cellOf({ status: "sold", xm: r.m, n: r.sold, sold_b: r.sold_b }),
      cellOf({ status: "died", xm: r.m, n: r.died, died_b: r.died_b }),
    ];
  });
}

async function cells(input: ReportInput): Promise<Cell[]> {
  const { ctx, compare } = input;
  if (input.whole) return wholeCells(await wholeHerdRows(input.db, input.databaseId, ctx, compare));
  const before = compare ? { ...ctx, ...compare } : null;
  const dim = sql`(${dimOf(ctx.today)})`;
  // An animal that has left counts only in the flows (born, sold, died: bm, xm and the other
  // period's), never by group, pen or RC: those are null for her, so the few groups stay few.
  // Under the «Лактация» filter: the herd by its lactation today, exits by the lactation they left
  // in (an animal's last), no births (a calf is in lactation 0; the born atom says so).
  // The others are left out before their expressions are worked out: born or left since the
  // earlier period's start at the soonest (the flows' own conditions then pick).
  const earliest = before && before.from < ctx.from ? before.from : ctx.from;
  const rows = await queryRows<Record<keyof Cell, string | number | null>>(
    input.db,
    // DIM is worked out once a row (offset 0 keeps the planner from copying it into each use); the
    // groups' keys are numbers and dates (months of a timestamp without a zone: no zone to look up),
    // labelled only on the few groups.
    sql`select g.status, g.lg::text as lg, ${bandKey(sql`g.band`)} as band, g.pen, g.rc,
          to_char(g.bm, 'YYYY-MM') as bm, to_char(g.xm, 'YYYY-MM') as xm,
          g.n, g.dim_sum, g.dim_n, g.lact_sum, g.born_b, g.sold_b, g.died_b, ${penRank(sql`g.pen`)} as pen_rank
        from (select r.status, r.lg, ${bandCode(sql`r.dim`)} as band, r.pen, r.rc, r.bm, r.xm,
                count(*) as n, coalesce(sum(r.dim), 0) as dim_sum, count(r.dim) as dim_n, sum(r.lact) as lact_sum,
                sum(r.born_b) as born_b, sum(r.sold_b) as sold_b, sum(r.died_b) as died_b
              from (select a.status, case when ${IN_HERD} then least(a.lact, 3) end as lg, a.lact,
                      case when ${IN_HERD} then a.pen end as pen, case when ${IN_HERD} then a.rc end as rc,
                      case when ${IN_HERD} then ${dim} end as dim,
                      case when ${keySql("born", ctx)} then date_trunc('month', a.birth_date::timestamp)::date end as bm,
                      case when ${keySql("exit", ctx)} then date_trunc('month', a.exit_date::timestamp)::date end as xm,
                      ${
                        before
                          ? sql`(${keySql("born", before)})::int as born_b, (${keySql("exit:sold", before)})::int as sold_b,
                               (${keySql("exit:died", before)})::int as died_b`
                          : sql`0 as born_b, 0 as sold_b, 0 as died_b`
                      }
                    from herd_animals a where a.database_id = ${input.databaseId} and ${input.base}
                      and ${lactIn(ctx, sql`a.lact`)} and (${IN_HERD} or a.birth_date >= ${earliest}::date or a.exit_date >= ${earliest}::date)
                    offset 0) r
              where r.status in ('milking', 'dry', 'heifer') or r.bm is not null or r.xm is not null
                or r.born_b + r.sold_b + r.died_b > 0
              group by r.status, r.lg, 3, r.pen, r.rc, r.bm, r.xm) g`,
  );
  return rows.map(cellOf);
}

const HERD = new Set(["milking", "dry", "heifer"]);
const COWS = new Set(["milking", "dry"]);
const sumOf = (list: Cell[], value: (cell: Cell) => number = (cell) => cell.n) =>
  list.reduce((sum, cell) => sum + value(cell), 0);

function kpis(input: ReportInput, all: Cell[]): HerdReportKpi[] {
  const before = input.compare !== null;
  const of = (status: string) => sumOf(all.filter((c) => c.status === status));
  const cowCells = all.filter((c) => COWS.has(c.status));
  const milkingCells = all.filter((c) => c.status === "milking");
  const dimN = sumOf(milkingCells, (c) => c.dim_n);
  const cowsN = sumOf(cowCells);
  const values: Record<string, number | null> = {
    herd: sumOf(all.filter((c) => HERD.has(c.status))),
    milking: of("milking"),
    dry: of("dry"),
    heifers: of("heifer"),
    avg_dim: dimN > 0 ? sumOf(milkingCells, (c) => c.dim_sum) / dimN : null,
    avg_lact: cowsN > 0 ? sumOf(cowCells, (c) => c.lact_sum) / cowsN : null,
    born: sumOf(all.filter((c) => c.bm !== null)),
    sold: sumOf(all.filter((c) => c.xm !== null && c.status === "sold")),
    died: sumOf(all.filter((c) => c.xm !== null && c.status === "died")),
    born_before: sumOf(all, (c) => c.born_b),
    sold_before: sumOf(all, (c) => c.sold_b),
    died_before: sumOf(all, (c) => c.died_b),
  };
  const v = (name: string) => values[name] ?? null;
  const cows = cowsN;
  const now = (
    key: string,
    label: string,
    value: number | null,
    hint: string,
    drill: string | null,
  ): HerdReportKpi => ({
    key,
    label,
    unit: key === "dry_share" ? "%" : key === "avg_dim" ? "дн." : key === "avg_lact" ? "" : "гол.",
    value,
    compare_value: null,
    better: null,
    drill,
    hint,
  });
  const flow = (key: string, label: string, better: "higher" | "lower", hint: string): HerdReportKpi => ({
    key,
    label,
    unit: "гол.",
    value: v(key),
    compare_value: before ? v(`${key}_before`) : null,
    better,
    drill: input.drill(key === "born" ? "born" : `exit:${key}`),
    hint,
  });
  return [
    now("herd", "Поголовье", v("herd"), "Дойные, сухостойные коровы и тёлки в стаде сегодня.", input.drill("herd")),
    now("milking", "Дойные", v("milking"), "Коровы в лактации сегодня.", input.drill("status:milking")),
    now("dry", "Сухостойные", v("dry"), "Коровы в сухостое сегодня.", input.drill("status:dry")),
    now(
      "heifers",
      "Тёлки",
      v("heifers"),
      "Животные без отёла (лактация 0) в стаде сегодня.",
      input.drill("status:heifer"),
    ),
    now(
      "dry_share",
      "Доля сухостойных",
      cows > 0 ? round1(((v("dry") ?? 0) / cows) * 100) : null,
      "Сухостойные ÷ (дойные + сухостойные) × 100 сегодня.",
      null,
    ),
    now(
      "avg_dim",
      "Средние дни лактации",
      round1(v("avg_dim")),
      "Среднее число дней от отёла у дойных коров сегодня.",
      null,
    ),
    now(
      "avg_lact",
      "Средняя лактация",
      round1(v("avg_lact")),
      "Средний номер лактации дойных и сухостойных коров сегодня.",
      null,
    ),
    flow(
      "born",
      "Родилось",
      "higher",
      "Животные с датой рождения в периоде (с фильтром «Лактация» — ни одного: при рождении лактации нет).",
    ),
    flow("sold", "Продано", "lower", "Животные, выбывшие продажей в периоде (дата выбытия)."),
    flow("died", "Пало", "lower", "Животные, павшие в периоде (дата выбытия)."),
  ];
}

/** A `group by` row of a report's tables: the group, the status, how many. */
export type GroupRow = { g: string | null; status: string; n: number | string };

/** The animals of a group (of one status, or all) in grouped rows; a group absent from them has 0. */
export const groupCounter =
  (rows: GroupRow[]) =>
  (g: string | null, status?: string): number =>
    rows
      .filter((r) => (r.g ?? "") === (g ?? "") && (!status || r.status === status))
      .reduce((sum, r) => sum + Number(r.n), 0);

/** The cells of the given statuses as group rows of `g`. */
const groupRows = (all: Cell[], statuses: Set<string>, g: (cell: Cell) => string | null): GroupRow[] =>
  all.filter((c) => statuses.has(c.status)).map((c) => ({ g: g(c), status: c.status, n: c.n }));

function byLactation(input: ReportInput, all: Cell[]): HerdReportTable {
  const count = groupCounter(groupRows(all, COWS, (c) => c.lg));
  return {
    key: "lactation",
    title: "Коровы по лактациям",
    columns: [
      { key: "milking", label: "Дойные", unit: "гол." },
      { key: "dry", label: "Сухостойные", unit: "гол." },
      { key: "total", label: "Всего", unit: "гол." },
    ],
    rows: LACT_GROUPS.map((group) => ({
      key: group.key,
      label: group.label,
      cells: {
        milking: { value: count(group.key, "milking"), drill: input.drill(`lg:${group.key}|status:milking`) },
        dry: { value: count(group.key, "dry"), drill: input.drill(`lg:${group.key}|status:dry`) },
        total: { value: count(group.key), drill: input.drill(`lg:${group.key}|cows`) },
      },
    })),
  };
}

function byDimBand(input: ReportInput, all: Cell[]): HerdReportTable {
  const count = groupCounter(groupRows(all, COWS, (c) => c.band));
  const bands: { key: string; label: string; atom: string }[] = [
    ...DIM_BANDS.map((b) => ({ ...b, atom: `dim:${b.key}` })),
    { key: "none", label: "нет даты отёла", atom: "nodim" },
  ];
  return {
    key: "dim",
    title: "Коровы по дням лактации",
    columns: [
      { key: "milking", label: "Дойные", unit: "гол." },
      { key: "dry", label: "Сухостойные", unit: "гол." },
      { key: "total", label: "Всего", unit: "гол." },
    ],
    rows: bands
      .filter((b) => b.key !== "none" || count("none") > 0)
      .map((band) => ({
        key: band.key,
        label: band.label,
        cells: {
          milking: { value: count(band.key, "milking"), drill: input.drill(`${band.atom}|status:milking`) },
          dry: { value: count(band.key, "dry"), drill: input.drill(`${band.atom}|status:dry`) },
          total: { value: count(band.key), drill: input.drill(`${band.atom}|cows`) },
        },
      })),
  };
}

function byPen(input: ReportInput, all: Cell[]): HerdReportTable {
  const herd = all.filter((c) => HERD.has(c.status)).sort((x, y) => x.pen_rank - y.pen_rank);
  const pens = [...new Set(herd.map((c) => c.pen))];
  const count = groupCounter(groupRows(herd, HERD, (c) => c.pen));
  const statuses = Object.keys(STATUS_LABELS) as (keyof typeof STATUS_LABELS)[];
  return {
    key: "pen",
    title: "Поголовье по группам",
    columns: [
      ...statuses.map((s) => ({ key: s, label: STATUS_LABELS[s], unit: "гол." })),
      { key: "total", label: "Всего", unit: "гол." },
    ],
    rows: pens.map((pen) => ({
      key: pen ?? "",
      label: pen === null ? "без группы" : `Группа ${pen}`,
      cells: {
        ...Object.fromEntries(
          statuses.map((s) => [s, { value: count(pen, s), drill: input.drill(`${penAtom(pen)}|status:${s}`) }]),
        ),
        total: { value: count(pen), drill: input.drill(`${penAtom(pen)}|herd`) },
      },
    })),
  };
}

function byRc(input: ReportInput, all: Cell[]): HerdReportTable {
  const byCode = new Map<number | null, number>();
  for (const c of all.filter((cell) => HERD.has(cell.status))) byCode.set(c.rc, (byCode.get(c.rc) ?? 0) + c.n);
  const rows = [...byCode.entries()]
    .sort(([x], [y]) => (x === null ? 1 : y === null ? -1 : x - y))
    .map(([rc, n]) => ({ g: rc === null ? null : String(rc), n }));
  return {
    key: "rc",
    title: "Репродуктивный статус (RC)",
    columns: [{ key: "total", label: "Животных", unit: "гол." }],
    rows: rows.map((r) => ({
      key: r.g ?? "none",
      label: r.g === null ? "нет кода" : (RC_LABELS[r.g] ?? r.g),
      cells: { total: { value: Number(r.n), drill: input.drill(`herd|${r.g === null ? "norc" : `rc:${r.g}`}`) } },
    })),
  };
}

/** The months of the period, "YYYY-MM", first to last. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    months.push(key);
    if (key >= last || months.length > 240) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

function movements(input: ReportInput, all: Cell[]): HerdReportChart {
  const { ctx } = input;
  const months = monthsOf(ctx.from, ctx.to);
  const monthly = (kind: string) => (m: string) =>
    sumOf(all.filter((c) => (kind === "born" ? c.bm === m : c.xm === m && c.status === kind)));
  const series = (kind: string, label: string, atom: (month: string) => string) => ({
    key: kind,
    label,
    values: months.map(monthly(kind)),
    drills: months.map((m) => input.drill(atom(m))),
  });
  return {
    key: "movements",
    title: "Движение поголовья по месяцам",
    kind: "bar",
    unit: HERD_ANIMALS_UNIT,
    x: months,
    series: [
      series("born", "Родилось", (m) => `born:${m}`),
      series("sold", "Продано", (m) => `exit:sold:${m}`),
      series("died", "Пало", (m) => `exit:died:${m}`),
    ],
  };
}

export async function herdStructure(input: ReportInput): Promise<ReportBody> {
  const all = await cells(input);
  return {
    kpis: kpis(input, all),
    tables: [byLactation(input, all), byDimBand(input, all), byPen(input, all), byRc(input, all)],
    charts: [movements(input, all)],
  };
}
