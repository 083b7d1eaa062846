import { z } from "zod";
import { defineRoute } from "./http.ts";
import { checkRange, MONITORING_RANGE_DAYS_MAX, monitoringDbParams } from "./monitoring.ts";

// ---- power averages (issue 19 item 5; HERD.md "Energy") ----
//
// Averages of the meters' kWh over a range of up to MONITORING_RANGE_DAYS_MAX days, computed in SQL
// from the hourly and daily rollups (local hours and days of the site). Access as the other
// monitoring routes (monitoring.ts): 404 for a database not seen, 409 for another kind.
// An average is the mean over the COMPLETE local hours (days) of the range that have the meter's
// rollup, `count` of them: a meter that sent nothing is no zero, and a part of a day is no day.
//
// A local hour or day [start, end) of the site's time zone is complete for a meter when
//   - it lies wholly inside the range: from ≤ start and end ≤ to;
//   - it has ended: end ≤ now (today so far, the current hour, are not complete);
//   - the meter's readings cover it: its first reading is at or before start and its last at or
//     after end (the meter's first day that began before its first reading, and the day it fell
//     silent or is still sending, are not complete). Where the raw readings of the meter's first
//     (last) hour have gone by retention, its first (last) hourly rollup stands for them: that hour
//     is then taken as not covered.
// A gap inside the meter's data (no rollup) leaves those buckets out; the bucket after it carries
// the gap's energy (rollups.ts).

const instant = z.iso.datetime({ offset: true });
const dbParams = monitoringDbParams;

export const powerAveragesQuerySchema = z
  .strictObject({ from: instant, to: instant })
  .superRefine((q, ctx) => checkRange(q, ctx, MONITORING_RANGE_DAYS_MAX));
export type PowerAveragesQuery = z.input<typeof powerAveragesQuerySchema>;

const meterFields = {
  series_id: z.number().int(),
  name: z.string(),
  substation_id: z.number().int().nullable(),
  role: z.enum(["input", "feeder"]).nullable(),
};

/** Means by bucket: null where no bucket had a rollup. */
const meansSchema = z.object({ kwh: z.array(z.number().nullable()), count: z.array(z.number().int()) });
export type PowerMeans = z.infer<typeof meansSchema>;

const siteFields = { id: z.number().int(), name: z.string(), time_zone: z.string() };

/** An averages answer: the range, and per site its meters, each with `fields`. */
const perMeter = <F extends z.ZodRawShape>(fields: F) =>
  z.object({
    from: instant,
    to: instant,
    sites: z.array(z.object({ ...siteFields, meters: z.array(z.object({ ...meterFields, ...fields })) })),
  });

// -- the average day: by local hour 0–23, weekdays (Mon–Fri) and weekends (Sat, Sun) apart --

export const powerProfileSchema = perMeter({
  /** 24 means of the hourly kWh by local hour, Monday to Friday. */
  weekdays: meansSchema,
  /** 24 means by local hour, Saturdays and Sundays. */
  weekends: meansSchema,
});
export type PowerProfile = z.infer<typeof powerProfileSchema>;

export const getPowerProfile = defineRoute({
  method: "GET",
  path: "/api/monitoring/:db_uuid/power/profile/",
  auth: "user",
  params: dbParams,
  query: powerAveragesQuerySchema,
  response: powerProfileSchema,
  summary: "Электроэнергия: средний суточный профиль счётчиков (кВт·ч за местный час), будни и выходные",
});

// -- the average day by weekday and by day of month --

export const powerDaysSchema = perMeter({
  /** 7 means of the daily kWh, Monday first. */
  weekdays: meansSchema,
  /** 31 means of the daily kWh by day of month, the 1st first. */
  month_days: meansSchema,
});
export type PowerDays = z.infer<typeof powerDaysSchema>;

export const getPowerDays = defineRoute({
  method: "GET",
  path: "/api/monitoring/:db_uuid/power/days/",
  auth: "user",
  params: dbParams,
  query: powerAveragesQuerySchema,
  response: powerDaysSchema,
  summary: "Электроэнергия: средние кВт·ч за сутки по дням недели и числам месяца",
});

// -- period averages, with the previous period and the herd --

const periodSchema = z.object({ from: instant, to: instant, days: z.number() });

/**
 * The herd a site's kWh per cow is divided by: cows (lactation ≥ 1, milking or dry) now in the
 * active herd databases of the monitoring database's farm (user_databases.farm_id, the same farm);
 * a database of the whole company (no farm) takes the company's herd database when it has just
 * one, and none when it has several (which of them the site feeds is not known).
 *   farm      — bound to `farm`: its herd databases (maybe none);
 *   company   — no farm, the company's only active herd database;
 *   ambiguous — no farm, the company has several active herd databases: no divisor;
 *   none      — no farm, the company has no active herd database.
 * `cows` is null without a divisor or without such a cow.
 */
const herdSchema = z.object({
  basis: z.enum(["farm", "company", "ambiguous", "none"]),
  farm: z.string().nullable(),
  /** The herd databases counted (for «ambiguous»: the candidates), by name. */
  databases: z.array(z.string()),
  cows: z.number().int().nullable(),
});
export type PowerHerd = z.infer<typeof herdSchema>;

export const powerPeriodSchema = z.object({
  period: periodSchema,
  /** The period compared with: monitoringPreviousPeriod (monitoring.ts), as every monitoring page's. */
  previous: periodSchema,
  herd: herdSchema,
  sites: z.array(
    z.object({
      ...siteFields,
      /** The site's local days wholly inside the period that have ended: the most a meter can have. */
      days: z.number().int(),
      previous_days: z.number().int(),
      meters: z.array(
        z.object({
          ...meterFields,
          /** kWh over the period and the previous one (the hourly rollups of their local hours); null without any. */
          kwh: z.number().nullable(),
          previous_kwh: z.number().nullable(),
          /** The mean kWh of the meter's complete local days in the period, `days` of them; null without one. */
          per_day: z.number().nullable(),
          days: z.number().int(),
          previous_per_day: z.number().nullable(),
          previous_days: z.number().int(),
        }),
      ),
    }),
  ),
});
export type PowerPeriod = z.infer<typeof powerPeriodSchema>;

export const getPowerPeriod = defineRoute({
  method: "GET",
  path: "/api/monitoring/:db_uuid/power/period/",
  auth: "user",
  params: dbParams,
  query: powerAveragesQuerySchema,
  response: powerPeriodSchema,
  summary:
    "Электроэнергия: кВт·ч счётчиков за период и предыдущий такой же, в среднем за полные сутки, поголовье фермы",
});
