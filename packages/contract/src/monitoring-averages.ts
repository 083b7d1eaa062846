import { z } from "zod";
import { defineRoute } from "./http.ts";
import { checkRange, MONITORING_RANGE_DAYS_MAX, monitoringDbParams } from "./monitoring.ts";

// ---- power averages (issue 19 item 5; HERD.md "Energy") ----
//
// Averages of the meters' kWh over a range of up to MONITORING_RANGE_DAYS_MAX days, computed in SQL
// from the hourly and daily rollups (local hours and days of the site). Access as the other
// monitoring routes (monitoring.ts): 404 for a database not seen, 409 for another kind.
// An average is the mean over the local hours (days) of the range that have the meter's rollup,
// `count` of them: a meter that sent nothing is no zero.

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

export const powerPeriodSchema = z.object({
  period: periodSchema,
  /** The period of equal length just before. */
  previous: periodSchema,
  /**
   * The herd of the database's company now: cows (lactation ≥ 1, milking or dry) in its active herd
   * databases; null when the company has no herd database or no such cow.
   */
  herd: z.object({ cows: z.number().int().nullable(), databases: z.number().int() }),
  sites: z.array(
    z.object({
      ...siteFields,
      meters: z.array(
        z.object({
          ...meterFields,
          /** kWh over the period and the previous one (the hourly rollups of their local hours). */
          kwh: z.number(),
          previous_kwh: z.number(),
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
  summary: "Электроэнергия: кВт·ч счётчиков за период и предыдущий такой же, поголовье компании",
});
