import type { MonitoringDevice, MonitoringPoints, MonitoringSeries, MonitoringStats } from "@nadoy/contract/monitoring";
import ExcelJS from "exceljs";

// A sensor chart as XLSX, as the page shows it: «Сводка» (min/max/avg of the range and of the
// previous period, time beyond the thresholds), «Точки» (each bucket — the interval from its start
// to the next — with its min, max and average, at the site's wall clock), «Выходы за пороги»,
// «Параметры». Bounded by the chart: ≤ width buckets a series, ≤ 100 periods. A sensor is named
// with its device, as on the page («Танк-охладитель №1 — Мощность компрессора, кВт»): two devices
// have sensors of one name. Figures rounded as the page shows them (two decimals). Names go in as
// text cells (exceljs never writes a string as a formula).

export interface PointsXlsxContext {
  database: string;
  timeZone: string;
  series: ReadonlyMap<number, MonitoringSeries>;
  /** The database's devices, to name each sensor with its own. */
  devices: readonly MonitoringDevice[];
  generatedBy: string;
  generatedAt: Date;
}

/** «10.03.2026 07:00» at the site's wall clock (of ISO text or epoch ms). */
export function siteTime(at: string | number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("ru-RU", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

/** A figure as the page shows it: two decimals at most (2,0067368421052634 → 2,01). */
const shown = (value: number | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.round(value * 100) / 100;

const statCells = (s: MonitoringStats) => [shown(s.min), shown(s.max), shown(s.avg), s.count];

export async function pointsXlsx(data: MonitoringPoints, ctx: PointsXlsxContext): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const name = (id: number) => {
    const s = ctx.series.get(id);
    if (!s) return String(id);
    const device = ctx.devices.find((d) => d.id === s.device_id);
    return `${device ? `${device.name} — ` : ""}${s.name}${s.unit ? `, ${s.unit}` : ""}`;
  };
  const bold = (row: ExcelJS.Row) => {
    row.font = { bold: true };
  };

  const summary = workbook.addWorksheet("Сводка");
  summary.columns = [{ width: 48 }, ...Array.from({ length: 10 }, () => ({ width: 14 }))];
  bold(
    summary.addRow([
      "Датчик",
      "Мин.",
      "Макс.",
      "Среднее",
      "Показаний",
      "Мин. (прошлый)",
      "Макс. (прошлый)",
      "Среднее (прошлый)",
      "Показаний (прошлый)",
      "Выходов за пороги",
      "За порогами, ч",
    ]),
  );
  for (const s of data.series) {
    summary.addRow([
      name(s.id),
      ...statCells(s.stats),
      ...statCells(s.previous_stats),
      s.thresholds.count,
      Math.round((s.thresholds.seconds / 3600) * 100) / 100,
    ]);
  }

  const points = workbook.addWorksheet("Точки");
  points.columns = [{ width: 48 }, { width: 18 }, { width: 18 }, ...Array.from({ length: 4 }, () => ({ width: 12 }))];
  bold(points.addRow(["Датчик", "Интервал с (время площадки)", "по", "Мин.", "Макс.", "Среднее", "Показаний"]));
  const end = Date.parse(data.to);
  for (const s of data.series) {
    const { t, min, max, avg, count } = s.points;
    t.forEach((at, i) => {
      const until = Math.min(at + s.step_seconds * 1000, end);
      points.addRow([
        name(s.id),
        siteTime(at, ctx.timeZone),
        siteTime(until, ctx.timeZone),
        shown(min[i]),
        shown(max[i]),
        shown(avg[i]),
        count[i],
      ]);
    });
  }

  const periods = workbook.addWorksheet("Выходы за пороги");
  periods.columns = [{ width: 48 }, { width: 16 }, { width: 18 }, { width: 18 }, { width: 12 }, { width: 10 }];
  bold(periods.addRow(["Датчик", "Порог", "Начало", "Конец", "Минут", "Пик"]));
  for (const s of data.series) {
    for (const p of s.thresholds.items) {
      periods.addRow([
        name(s.id),
        p.side === "high" ? "выше верхнего" : "ниже нижнего",
        siteTime(p.start, ctx.timeZone),
        p.ongoing ? "продолжается" : siteTime(p.end, ctx.timeZone),
        Math.round(p.seconds / 60),
        shown(p.peak),
      ]);
    }
  }

  const about = workbook.addWorksheet("Параметры");
  about.columns = [{ width: 24 }, { width: 60 }];
  const rows: [string, string][] = [
    ["База", ctx.database],
    ["Период", `${siteTime(data.from, ctx.timeZone)} — ${siteTime(data.to, ctx.timeZone)}`],
    ["Прошлый период", `${siteTime(data.previous.from, ctx.timeZone)} — ${siteTime(data.previous.to, ctx.timeZone)}`],
    ["Часовой пояс площадки", ctx.timeZone],
    ["Сформировал", ctx.generatedBy],
    ["Сформирован", siteTime(ctx.generatedAt.toISOString(), ctx.timeZone)],
  ];
  for (const [key, value] of rows) about.addRow([key, value]).getCell(1).font = { bold: true };

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
