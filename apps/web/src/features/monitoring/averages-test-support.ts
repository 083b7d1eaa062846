import type { PowerDays, PowerHerd, PowerMeans, PowerPeriod, PowerProfile } from "@nadoy/contract/monitoring-averages";
import { DB } from "./test-support.tsx";

// Fixtures of the power averages pages' tests (contract monitoring-averages.ts): the input «Ввод»
// (20) and the feeder «Коровник» (21) of ТП-1 on a site in Asia/Novosibirsk.

const BASE = `/api/monitoring/${DB}/power/`;
export const PROFILE = `${BASE}profile/`;
export const DAYS = `${BASE}days/`;
export const PERIOD = `${BASE}period/`;

/** Means with `entries` (slot → kWh, each of `count` buckets), null elsewhere. */
export function means(slots: number, entries: Record<number, number>, count = 2): PowerMeans {
  return {
    kwh: Array.from({ length: slots }, (_, i) => entries[i] ?? null),
    count: Array.from({ length: slots }, (_, i) => (i in entries ? count : 0)),
  };
}

const site = { id: 1, name: "МТФ-1", time_zone: "Asia/Novosibirsk" };
const input = { series_id: 20, name: "Ввод", substation_id: 1, role: "input" as const };
const feeder = { series_id: 21, name: "Коровник", substation_id: 1, role: "feeder" as const };
const range = { from: "2026-03-01T00:00:00.000Z", to: "2026-03-31T00:00:00.000Z" };

/** Weekdays: 10 kWh at 08:00 and 5 at 09:00; weekends 4 at 08:00 (`scale` times for another period). */
export function profile(scale = 1): PowerProfile {
  return {
    ...range,
    sites: [
      {
        ...site,
        meters: [
          { ...input, weekdays: means(24, { 8: 10 * scale, 9: 5 * scale }), weekends: means(24, { 8: 4 * scale }) },
          { ...feeder, weekdays: means(24, { 8: 100 }), weekends: means(24, { 8: 100 }) },
        ],
      },
    ],
  };
}

/** Mondays 120 kWh a day, Sundays 60; the 1st 90, the 2nd 30 (`scale` times for another period). */
export function days(scale = 1): PowerDays {
  return {
    ...range,
    sites: [
      {
        ...site,
        meters: [
          { ...input, weekdays: means(7, { 0: 120 * scale, 6: 60 * scale }), month_days: means(31, { 0: 90, 1: 30 }) },
          { ...feeder, weekdays: means(7, { 0: 1000 }), month_days: means(31, { 0: 1000 }) },
        ],
      },
    ],
  };
}

/** The herd of the monitoring database's farm «МТФ «Заря-1»»: `cows` in «Стадо «Заря-1»». */
export const farmHerd = (cows: number | null): PowerHerd => ({
  basis: "farm",
  farm: "МТФ «Заря-1»",
  databases: ["Стадо «Заря-1»"],
  cows,
});

/**
 * 30 whole days (30 before): the input 560 kWh, 40 a day over its 14 whole days, nothing before;
 * the feeder 300 kWh, 25 a day over 12, and 20 a day over 30 before (600 kWh).
 */
export function period(herd: PowerHerd): PowerPeriod {
  return {
    period: { from: "2026-03-01T17:00:00.000Z", to: "2026-03-31T17:00:00.000Z", days: 30 },
    previous: { from: "2026-01-30T17:00:00.000Z", to: "2026-03-01T17:00:00.000Z", days: 30 },
    herd,
    sites: [
      {
        ...site,
        days: 30,
        previous_days: 30,
        meters: [
          { ...input, kwh: 560, per_day: 40, days: 14, previous_kwh: null, previous_per_day: null, previous_days: 0 },
          { ...feeder, kwh: 300, per_day: 25, days: 12, previous_kwh: 600, previous_per_day: 20, previous_days: 30 },
        ],
      },
    ],
  };
}

/**
 * A handler answering `current` for a range and `previous` for the range just before one already
 * asked for (the pages ask for the period first, then the previous one ending at its start).
 */
export function byPeriod(current: unknown, previous: unknown) {
  const froms = new Set<string | null>();
  return (call: { query: URLSearchParams }) => {
    const isPrevious = froms.has(call.query.get("to"));
    froms.add(call.query.get("from"));
    return { status: 200, body: isPrevious ? previous : current };
  };
}
