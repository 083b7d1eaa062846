import type { HerdReportChart, HerdReportKpi, HerdReportTable } from "@nadoy/contract/herd-reports";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import { dimOf } from "../animals.repository.ts";
import { type AtomContext, keySql, penAtom } from "./report-atoms.ts";

// ---- Report 1, herd structure: the herd today by status, lactation, DIM band, pen and RC; births
// and exits month by month over the period ----
// Every count is `count(*) filter (where <key>)` or a group whose drill key names the same set.

export interface ReportInput {
  db: Db;
  databaseId: number;
  /** The report's filters (segment, lactation group, pen) as one condition. */
  base: SQL;
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
export const DIM_BANDS = [
  { key: "-60", label: "до 60 дней" },
  { key: "61-120", label: "61–120" },
  { key: "121-200", label: "121–200" },
  { key: "201-305", label: "201–305" },
  { key: "306-", label: "306 и больше" },
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
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

async function kpis(input: ReportInput): Promise<HerdReportKpi[]> {
  const { db, databaseId, base, ctx, compare } = input;
  const k = (key: string, at: AtomContext = ctx) => keySql(key, at);
  const before = compare ? { ...ctx, ...compare } : null;
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select
          count(*) filter (where ${k("herd")}) as herd,
          count(*) filter (where ${k("cows")}) as cows,
          count(*) filter (where ${k("status:milking")}) as milking,
          count(*) filter (where ${k("status:dry")}) as dry,
          count(*) filter (where ${k("status:heifer")}) as heifers,
          avg(${dimOf(ctx.today)}) filter (where ${k("status:milking")}) as avg_dim,
          avg(a.lact) filter (where ${k("cows")}) as avg_lact,
          count(*) filter (where ${k("born")}) as born,
          count(*) filter (where ${k("exit:sold")}) as sold,
          count(*) filter (where ${k("exit:died")}) as died
          ${
            before
              ? sql`, count(*) filter (where ${k("born", before)}) as born_before,
                   count(*) filter (where ${k("exit:sold", before)}) as sold_before,
                   count(*) filter (where ${k("exit:died", before)}) as died_before`
              : sql``
          }
        from herd_animals a where a.database_id = ${databaseId} and ${base}`,
  );
  const v = (name: string) => num(row?.[name]);
  const cows = v("cows") ?? 0;
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
    flow("born", "Родилось", "higher", "Животные с датой рождения в периоде."),
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

async function byLactation(input: ReportInput): Promise<HerdReportTable> {
  const rows = await queryRows<GroupRow>(
    input.db,
    sql`select case when a.lact >= 3 then '3+' else a.lact::text end as g, a.status, count(*) as n
        from herd_animals a where a.database_id = ${input.databaseId} and ${input.base} and ${keySql("cows", input.ctx)}
        group by 1, 2`,
  );
  const count = groupCounter(rows);
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

/** The band key of a DIM in SQL: the same bounds as DIM_BANDS (and the dim: atoms). */
const bandOf = (dim: SQL) => sql`case when ${dim} is null then 'none' when ${dim} <= 60 then '-60'
  when ${dim} <= 120 then '61-120' when ${dim} <= 200 then '121-200' when ${dim} <= 305 then '201-305' else '306-' end`;

async function byDimBand(input: ReportInput): Promise<HerdReportTable> {
  const dim = sql`(${dimOf(input.ctx.today)})`;
  const rows = await queryRows<GroupRow>(
    input.db,
    sql`select ${bandOf(dim)} as g, a.status, count(*) as n
        from herd_animals a where a.database_id = ${input.databaseId} and ${input.base} and ${keySql("cows", input.ctx)}
        group by 1, 2`,
  );
  const count = groupCounter(rows);
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

async function byPen(input: ReportInput): Promise<HerdReportTable> {
  const rows = await queryRows<GroupRow>(
    input.db,
    sql`select a.pen as g, a.status, count(*) as n
        from herd_animals a where a.database_id = ${input.databaseId} and ${input.base} and ${keySql("herd", input.ctx)}
        group by 1, 2
        order by (a.pen ~ '^[0-9]{1,9}$') desc, case when a.pen ~ '^[0-9]{1,9}$' then a.pen::int end, a.pen nulls last`,
  );
  const pens = [...new Set(rows.map((r) => r.g))];
  const count = groupCounter(rows);
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

async function byRc(input: ReportInput): Promise<HerdReportTable> {
  const rows = await queryRows<{ g: string | null; n: number | string }>(
    input.db,
    sql`select a.rc::text as g, count(*) as n
        from herd_animals a where a.database_id = ${input.databaseId} and ${input.base} and ${keySql("herd", input.ctx)}
        group by 1 order by 1 nulls last`,
  );
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

async function movements(input: ReportInput): Promise<HerdReportChart> {
  const { ctx } = input;
  const rows = await queryRows<{ m: string; kind: string; n: number | string }>(
    input.db,
    sql`select to_char(date_trunc('month', x.d), 'YYYY-MM') as m, x.kind, count(*) as n from (
          select a.birth_date as d, 'born' as kind from herd_animals a
            where a.database_id = ${input.databaseId} and ${input.base} and ${keySql("born", ctx)}
          union all
          select a.exit_date, a.status from herd_animals a
            where a.database_id = ${input.databaseId} and ${input.base} and a.status in ('sold', 'died')
              and a.exit_date between ${ctx.from}::date and ${ctx.to}::date
        ) x group by 1, 2`,
  );
  const months = monthsOf(ctx.from, ctx.to);
  const series = (kind: string, label: string, atom: (month: string) => string) => ({
    key: kind,
    label,
    values: months.map((m) => Number(rows.find((r) => r.m === m && r.kind === kind)?.n ?? 0)),
    drills: months.map((m) => input.drill(atom(m))),
  });
  return {
    key: "movements",
    title: "Движение поголовья по месяцам",
    kind: "bar",
    x: months,
    series: [
      series("born", "Родилось", (m) => `born:${m}`),
      series("sold", "Продано", (m) => `exit:sold:${m}`),
      series("died", "Пало", (m) => `exit:died:${m}`),
    ],
  };
}

export async function herdStructure(input: ReportInput): Promise<ReportBody> {
  const [cards, lactation, dim, pen, rc, chart] = await Promise.all([
    kpis(input),
    byLactation(input),
    byDimBand(input),
    byPen(input),
    byRc(input),
    movements(input),
  ]);
  return { kpis: cards, tables: [lactation, dim, pen, rc], charts: [chart] };
}
