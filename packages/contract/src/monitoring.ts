import { z } from "zod";
import { defineRoute } from "./http.ts";

// ---- equipment and power monitoring, read side (issue 19; DOMAIN.md "Equipment and power monitoring") ----
//
// Who may read (checked on the server): users given the database (and superusers), the database
// active and of kind "monitoring" — staff and clients (role 7) alike (spec §6 "monitoring for the
// special database": roles.ts monitoringDatabases). A database the caller may not see (not given,
// another company's, unknown): 404; one they see but of another kind: 409 («Эта база — …»).
// Times are ISO 8601 instants (UTC, with Z); days and hours are those of the site's time zone.

/** At most this many series in one chart or timeline request. */
export const MONITORING_SERIES_MAX = 12;
/** A chart's width in pixels: the points asked for never exceed it (two a bucket: its min and max). */
export const MONITORING_WIDTH_MIN = 50;
export const MONITORING_WIDTH_MAX = 4000;
/** The longest range of a chart or timeline, in days. */
export const MONITORING_RANGE_DAYS_MAX = 400;
/** Threshold periods listed per series and range (the count and the total time cover them all). */
export const MONITORING_PERIODS_MAX = 100;
/**
 * A chart's previous period is the range of equal length just before it, but never less than a
 * day before: a range under a day («Сегодня» so far) is compared with the same hours a day earlier.
 */
export const MONITORING_PREVIOUS_MIN_SHIFT_MS = 24 * 3_600_000;

/** The previous period of [from, to) (ms), by the rule above: every page that compares uses this one. */
export function monitoringPreviousPeriod(from: number, to: number): { from: number; to: number } {
  const shift = Math.max(to - from, MONITORING_PREVIOUS_MIN_SHIFT_MS);
  return { from: from - shift, to: to - shift };
}

/** Hourly kWh: at most this many days at once (days: MONITORING_RANGE_DAYS_MAX). */
export const MONITORING_HOURLY_DAYS_MAX = 62;

const instant = z.iso.datetime({ offset: true });
/** The address of the staff's demo pages: the demo site's database in place of a database's uuid. */
export const MONITORING_DEMO = "demo";
export const monitoringDbParams = z.object({ db_uuid: z.union([z.uuid(), z.literal(MONITORING_DEMO)]) });
const dbParams = monitoringDbParams;

export const MONITORING_SERIES_KIND_VALUES = ["sensor", "state", "energy", "power"] as const;
export const monitoringSeriesKindSchema = z.enum(MONITORING_SERIES_KIND_VALUES);
export type MonitoringSeriesKindName = z.infer<typeof monitoringSeriesKindSchema>;

export const monitoringStateSchema = z.object({ code: z.string(), name: z.string(), color: z.string() });

export const monitoringSiteSchema = z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() });
export type MonitoringSite = z.infer<typeof monitoringSiteSchema>;

export const monitoringDeviceSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  kind: z.string(),
  name: z.string(),
});
export type MonitoringDevice = z.infer<typeof monitoringDeviceSchema>;

export const monitoringSubstationSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
});

export const monitoringSeriesSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  device_id: z.number().int().nullable(),
  substation_id: z.number().int().nullable(),
  meter_role: z.enum(["input", "feeder"]).nullable(),
  kind: monitoringSeriesKindSchema,
  name: z.string(),
  unit: z.string().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  states: z.array(monitoringStateSchema).nullable(),
});
export type MonitoringSeries = z.infer<typeof monitoringSeriesSchema>;

export const monitoringCatalogSchema = z.object({
  database: z.object({ uuid: z.uuid(), name: z.string() }),
  sites: z.array(monitoringSiteSchema),
  devices: z.array(monitoringDeviceSchema),
  substations: z.array(monitoringSubstationSchema),
  series: z.array(monitoringSeriesSchema),
});
export type MonitoringCatalog = z.infer<typeof monitoringCatalogSchema>;

export const getMonitoringCatalog = defineRoute({
  method: "GET",
  path: "/api/monitoring/:db_uuid/",
  auth: "user",
  params: dbParams,
  response: monitoringCatalogSchema,
  summary: "Мониторинг: площадки, устройства, ряды и подстанции базы",
});

// ---- a range of series ----

const seriesIds = z
  .string()
  .regex(/^\d{1,15}(,\d{1,15})*$/, "Перечислите номера рядов через запятую")
  .transform((text) => [...new Set(text.split(",").map(Number))])
  .refine((ids) => ids.length <= MONITORING_SERIES_MAX, `Не больше ${MONITORING_SERIES_MAX} рядов сразу`);

const rangeFields = {
  from: instant,
  to: instant,
  width: z.coerce.number().int().min(MONITORING_WIDTH_MIN).max(MONITORING_WIDTH_MAX).default(800),
};

export function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx, maxDays: number) {
  const ms = Date.parse(range.to) - Date.parse(range.from);
  if (!(ms > 0)) ctx.addIssue({ code: "custom", path: ["to"], message: "Конец периода должен быть позже начала" });
  else if (ms > maxDays * 86_400_000)
    ctx.addIssue({ code: "custom", path: ["to"], message: `Период не длиннее ${maxDays} дней` });
}

export const monitoringRangeQuerySchema = z
  .strictObject({ series: seriesIds, ...rangeFields })
  .superRefine((q, ctx) => checkRange(q, ctx, MONITORING_RANGE_DAYS_MAX));
export type MonitoringRangeQuery = z.input<typeof monitoringRangeQuerySchema>;

const periodSchema = z.object({ from: instant, to: instant });

export const monitoringStatsSchema = z.object({
  count: z.number().int().min(0),
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
});
export type MonitoringStats = z.infer<typeof monitoringStatsSchema>;

/** Milliseconds since 1970-01-01T00:00Z: a chart's times, as ECharts takes them. */
const epochMs = z.number().int();

/**
 * A chart's buckets as columns: the i-th bucket is at index i of every array (all of one length).
 * Its min and max with the times they were read, so a peak inside a bucket survives. Columns,
 * not an object a bucket, and times as epoch milliseconds, not ISO text: a year at 2,400 px is
 * about 200 KB of JSON instead of 400, built by PostgreSQL (no row read nor time written per bucket
 * in the server), and read in the browser with no date to parse.
 */
export const monitoringPointsColumnsSchema = z.object({
  /** Each bucket's start (epoch ms). */
  t: z.array(epochMs),
  count: z.array(z.number().int()),
  min: z.array(z.number()),
  /** When the min was read (epoch ms); for rollups, the start of the hour or day that holds it. */
  min_at: z.array(epochMs),
  max: z.array(z.number()),
  max_at: z.array(epochMs),
  avg: z.array(z.number()),
});
export type MonitoringPointsColumns = z.infer<typeof monitoringPointsColumnsSchema>;

export const thresholdPeriodSchema = z.object({
  side: z.enum(["high", "low"]),
  start: instant,
  end: instant,
  ongoing: z.boolean(),
  seconds: z.number(),
  peak: z.number(),
});
export type ThresholdPeriod = z.infer<typeof thresholdPeriodSchema>;

/** The periods beyond the thresholds: the first MONITORING_PERIODS_MAX, with the count and the time of all. */
export const thresholdSummarySchema = z.object({
  count: z.number().int().min(0),
  seconds: z.number().min(0),
  items: z.array(thresholdPeriodSchema),
});
export type ThresholdSummary = z.infer<typeof thresholdSummarySchema>;

export const monitoringSeriesPointsSchema = z.object({
  id: z.number().int(),
  /** raw readings, or the hourly or daily rollups when the range holds too many. */
  source: z.enum(["raw", "hour", "day"]),
  step_seconds: z.number().int(),
  /** At most `width` buckets, each with its min and max. */
  points: monitoringPointsColumnsSchema,
  stats: monitoringStatsSchema,
  previous_stats: monitoringStatsSchema,
  thresholds: thresholdSummarySchema,
  previous_thresholds: thresholdSummarySchema,
});
export type MonitoringSeriesPoints = z.infer<typeof monitoringSeriesPointsSchema>;

export const monitoringPointsSchema = z.object({
  from: instant,
  to: instant,
  /** The period of equal length just before. */
  previous: periodSchema,
  series: z.array(monitoringSeriesPointsSchema),
});
export type MonitoringPoints = z.infer<typeof monitoringPointsSchema>;

export const getMonitoringPoints = defineRoute({
  method: "GET",
  path: "/api/monitoring/:db_uuid/points/",
  auth: "user",
  params: dbParams,
  query: monitoringRangeQuerySchema,
  response: monitoringPointsSchema,
  summary:
    "Мониторинг: точки графика рядов (не больше ширины), мин./макс./среднее и выходы за пороги с прошлым периодом",
});

export const exportMonitoringPoints = defineRoute({
  method: "GET",
  path: "/api/monitoring/:db_uuid/points/export/",
  auth: "user",
  params: dbParams,
  query: monitoringRangeQuerySchema,
  response: z.unknown(),
  summary:
    "Мониторинг в XLSX: что на графике (точки по местному времени площадки), мин./макс./среднее, выходы за пороги, параметры",
});

// ---- discrete channels ----

export const stateSegmentSchema = z.object({ state: z.string(), start: instant, end: instant });

export const monitoringStateTimeSchema = z.object({
  code: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  seconds: z.number(),
  /** Of the known time, 0..1. */
  share: z.number(),
});

export const monitoringChannelSchema = z.object({
  id: z.number().int(),
  /** The runs of one state, runs shorter than a pixel folded into their neighbours: at most about `width`. */
  segments: z.array(stateSegmentSchema),
  unknown_seconds: z.number(),
  states: z.array(monitoringStateTimeSchema),
  current: z
    .object({ code: z.string(), name: z.string(), color: z.string().nullable(), since: instant, seconds: z.number() })
    .nullable(),
});
export type MonitoringChannel = z.infer<typeof monitoringChannelSchema>;

export const monitoringStatesSchema = z.object({
  from: instant,
  /** The range's end clipped to now. */
  to: instant,
  series: z.array(monitoringChannelSchema),
});
export type MonitoringStates = z.infer<typeof monitoringStatesSchema>;

export const getMonitoringStates = defineRoute({
  method: "GET",
  path: "/api/monitoring/:db_uuid/states/",
  auth: "user",
  params: dbParams,
  query: monitoringRangeQuerySchema,
  response: monitoringStatesSchema,
  summary: "Мониторинг: шкала состояний каналов, время и доля в каждом состоянии, текущее состояние",
});

// ---- power ----

export const kwhLossSchema = z.object({ kwh: z.number(), percent: z.number().nullable() });

export const powerMeterSchema = z.object({
  /** The meter's energy series. */
  series_id: z.number().int(),
  name: z.string(),
  role: z.enum(["input", "feeder"]).nullable(),
  /** The latest reading of the meter's power series, else the mean power of its latest interval; null without readings. */
  power_kw: z.number().nullable(),
  power_at: instant.nullable(),
  kwh_today: z.number(),
  kwh_yesterday: z.number(),
});
export type PowerMeter = z.infer<typeof powerMeterSchema>;

export const powerSubstationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  input: powerMeterSchema.nullable(),
  feeders: z.array(powerMeterSchema),
  /** Input − Σ feeders; null without an input meter. */
  losses_today: kwhLossSchema.nullable(),
  losses_yesterday: kwhLossSchema.nullable(),
});
export type PowerSubstation = z.infer<typeof powerSubstationSchema>;

export const powerSiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  time_zone: z.string(),
  /** The site's today (local date). */
  today: z.iso.date(),
  substations: z.array(powerSubstationSchema),
  /** Energy meters in no substation. */
  meters: z.array(powerMeterSchema),
});
export type PowerSite = z.infer<typeof powerSiteSchema>;

export const powerOverviewSchema = z.object({ now: instant, sites: z.array(powerSiteSchema) });
export type PowerOverview = z.infer<typeof powerOverviewSchema>;

export const getPowerOverview = defineRoute({
  method: "GET",
  path: "/api/monitoring/:db_uuid/power/",
  auth: "user",
  params: dbParams,
  response: powerOverviewSchema,
  summary: "Электроэнергия: подстанции и счётчики, мощность сейчас, кВт·ч сегодня и вчера, потери",
});

export const powerEnergyQuerySchema = z
  .strictObject({ from: instant, to: instant, grain: z.enum(["hour", "day"]).default("hour") })
  .superRefine((q, ctx) =>
    checkRange(q, ctx, q.grain === "hour" ? MONITORING_HOURLY_DAYS_MAX : MONITORING_RANGE_DAYS_MAX),
  );
export type PowerEnergyQuery = z.input<typeof powerEnergyQuerySchema>;

export const powerEnergySiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  time_zone: z.string(),
  /** Every bucket of the range in the site's time: the starts of local hours or days. */
  buckets: z.array(instant),
  meters: z.array(
    z.object({
      series_id: z.number().int(),
      name: z.string(),
      substation_id: z.number().int().nullable(),
      role: z.enum(["input", "feeder"]).nullable(),
      /** kWh per bucket, in the order of `buckets` (0 where nothing was metered). */
      kwh: z.array(z.number()),
      /**
       * The indices of the buckets where nothing was metered (no reading, no interval ending in
       * it): no data — their 0 in `kwh` is not a consumption of 0.
       */
      missing: z.array(z.number().int()),
    }),
  ),
});
export type PowerEnergySite = z.infer<typeof powerEnergySiteSchema>;

export const powerEnergySchema = z.object({ grain: z.enum(["hour", "day"]), sites: z.array(powerEnergySiteSchema) });
export type PowerEnergy = z.infer<typeof powerEnergySchema>;

export const getPowerEnergy = defineRoute({
  method: "GET",
  path: "/api/monitoring/:db_uuid/power/energy/",
  auth: "user",
  params: dbParams,
  query: powerEnergyQuerySchema,
  response: powerEnergySchema,
  summary: "Электроэнергия: кВт·ч счётчиков по часам или дням местного времени площадки",
});
