import type { MonitoringPoints, MonitoringSeries } from "@nadoy/contract/monitoring";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { pointsXlsx } from "./points-xlsx.ts";

// Two tank coolers, each with a «Мощность компрессора»: the workbook must tell them apart.

const compressor = (id: number, deviceId: number): MonitoringSeries => ({
  id,
  site_id: 1,
  device_id: deviceId,
  substation_id: null,
  meter_role: null,
  kind: "power",
  name: "Мощность компрессора",
  unit: "кВт",
  low: null,
  high: null,
  states: null,
});

const stats = { count: 3, min: 1, max: 3, avg: 2.0067368421052634 };
const none = { count: 0, seconds: 0, items: [] };

const seriesPoints = (id: number) => ({
  id,
  source: "raw" as const,
  step_seconds: 900,
  // Buckets at 00:00Z and 00:15Z (03:00 and 03:15 in Moscow); the range ends at 00:20Z.
  points: {
    t: [Date.parse("2026-11-27T00:00:00Z"), Date.parse("2026-11-27T00:15:00Z")],
    count: [1, 2],
    min: [1, 2],
    min_at: [Date.parse("2026-11-27T00:00:00Z"), Date.parse("2026-11-27T00:15:00Z")],
    max: [1, 3],
    max_at: [Date.parse("2026-11-27T00:00:00Z"), Date.parse("2026-11-27T00:16:00Z")],
    avg: [1, 2.5000000000000004],
  },
  stats,
  previous_stats: { count: 0, min: null, max: null, avg: null },
  thresholds: none,
  previous_thresholds: none,
});

const data: MonitoringPoints = {
  from: "2026-11-27T00:00:00.000Z",
  to: "2026-11-27T00:20:00.000Z",
  previous: { from: "2026-11-26T23:40:00.000Z", to: "2026-11-27T00:00:00.000Z" },
  series: [seriesPoints(1), seriesPoints(2)],
};

async function workbook() {
  const body = await pointsXlsx(data, {
    database: "Заря",
    timeZone: "Europe/Moscow",
    series: new Map([
      [1, compressor(1, 10)],
      [2, compressor(2, 20)],
    ]),
    devices: [
      { id: 10, site_id: 1, kind: "milk_cooler", name: "Танк-охладитель №1" },
      { id: 20, site_id: 1, kind: "milk_cooler", name: "Танк-охладитель №2" },
    ],
    generatedBy: "Иван Петров",
    generatedAt: new Date("2026-11-27T01:00:00Z"),
  });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return (sheet: string, row: number) =>
    (book.getWorksheet(sheet)?.getRow(row).values as unknown[] | undefined)?.slice(1);
}

describe("pointsXlsx", () => {
  it("names each sensor with its device, and rounds figures as the page shows them", async () => {
    const values = await workbook();
    expect(values("Сводка", 2)?.slice(0, 5)).toEqual(["Танк-охладитель №1 — Мощность компрессора, кВт", 1, 3, 2.01, 3]);
    expect(values("Сводка", 3)?.[0]).toBe("Танк-охладитель №2 — Мощность компрессора, кВт");
  });

  it("writes each bucket as the interval it is, the last one ending with the range", async () => {
    const values = await workbook();
    expect(values("Точки", 1)).toEqual([
      "Датчик",
      "Интервал с (время площадки)",
      "по",
      "Мин.",
      "Макс.",
      "Среднее",
      "Показаний",
    ]);
    expect(values("Точки", 2)).toEqual([
      "Танк-охладитель №1 — Мощность компрессора, кВт",
      "27.11.2026 03:00",
      "27.11.2026 03:15",
      1,
      1,
      1,
      1,
    ]);
    expect(values("Точки", 3)).toEqual([
      "Танк-охладитель №1 — Мощность компрессора, кВт",
      "27.11.2026 03:15",
      "27.11.2026 03:20",
      2,
      3,
      2.5,
      2,
    ]);
  });
});
