import { type SQL, sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { userDatabases } from "./companies.ts";

// Equipment and power monitoring (issue 19, DOMAIN.md "Equipment and power monitoring") of user
// databases of kind "monitoring". As the herd tables do, every key and index starts with
// database_id (docs/SCALING.md): each page and each ingestion batch names one database.
//
// The readings tables are partitioned by month on ts (RANGE). Drizzle cannot declare that, so
// migration 0022_monitoring_model creates them by hand with PARTITION BY; the declarations below
// are what the queries are typed by and what drizzle-kit diffs against (keep them in step).

/** What a series measures: a continuous sensor, a discrete state channel, a meter's cumulative kWh or its power kW. */
export const MONITORING_SERIES_KINDS = ["sensor", "state", "energy", "power"] as const;
export type MonitoringSeriesKind = (typeof MONITORING_SERIES_KINDS)[number];

/** A meter's place in its substation: the input meter (energy in) or a feeder (energy out). */
export const MONITORING_METER_ROLES = ["input", "feeder"] as const;
export type MonitoringMeterRole = (typeof MONITORING_METER_ROLES)[number];

/** Rollup grains: hours and days of the site's local time. */
export const MONITORING_GRAINS = ["hour", "day"] as const;
export type MonitoringGrain = (typeof MONITORING_GRAINS)[number];

/** A state of a discrete channel: its code as the device sends it, its Russian name and colour (#rrggbb). */
export interface MonitoringState {
  code: string;
  name: string;
  color: string;
}

const inList = (column: string, values: readonly string[]): SQL =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

const databaseId = () =>
  integer("database_id")
    .notNull()
    .references(() => userDatabases.id, { onDelete: "cascade" });

/** A farm being monitored. Its time zone places the day and hour buckets (a day starts at local midnight). */
export const monitoringSites = pgTable(
  "monitoring_sites",
  {
    databaseId: databaseId(),
    id: bigserial("id", { mode: "number" }).notNull(),
    name: text("name").notNull(),
    /** IANA name, e.g. Asia/Novosibirsk. Changing it leaves the rollups in the old zone until recomputed. */
    timeZone: text("time_zone").notNull(),
  },
  (t) => [primaryKey({ columns: [t.databaseId, t.id] })],
);

/** A substation of a site: one input meter and its feeders (losses = input − Σ feeders). */
export const monitoringSubstations = pgTable(
  "monitoring_substations",
  {
    databaseId: integer("database_id").notNull(),
    id: bigserial("id", { mode: "number" }).notNull(),
    siteId: bigint("site_id", { mode: "number" }).notNull(),
    name: text("name").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.id] }),
    // The site's key proves the database exists and cascades its deletion.
    foreignKey({
      name: "monitoring_substations_site_fk",
      columns: [t.databaseId, t.siteId],
      foreignColumns: [monitoringSites.databaseId, monitoringSites.id],
    }).onDelete("cascade"),
    index("monitoring_substations_site_idx").on(t.databaseId, t.siteId),
  ],
);

/** A machine of a site: milking robot, cooler, mixer, pump, fan … (kind is free text the site names). */
export const monitoringDevices = pgTable(
  "monitoring_devices",
  {
    databaseId: integer("database_id").notNull(),
    id: bigserial("id", { mode: "number" }).notNull(),
    siteId: bigint("site_id", { mode: "number" }).notNull(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.id] }),
    foreignKey({
      name: "monitoring_devices_site_fk",
      columns: [t.databaseId, t.siteId],
      foreignColumns: [monitoringSites.databaseId, monitoringSites.id],
    }).onDelete("cascade"),
    index("monitoring_devices_site_idx").on(t.databaseId, t.siteId),
  ],
);

/**
 * One measured thing. site_id is kept on every series (not only through its device) because a
 * meter may belong to a substation and no device, and the rollups need the site's time zone.
 * - sensor: unit, optional low/high thresholds;
 * - state: its states (code → name, colour);
 * - energy: cumulative kWh; rollover is the value at which the register wraps to 0 (its maximum
 *   + 1, e.g. 100000 for a register showing 99999), null when unknown;
 * - power: kW (an average, never summed: HERD.md "Energy").
 * A meter's series (energy, power) may belong to a substation as its input or a feeder.
 */
export const monitoringSeries = pgTable(
  "monitoring_series",
  {
    databaseId: integer("database_id").notNull(),
    id: bigserial("id", { mode: "number" }).notNull(),
    siteId: bigint("site_id", { mode: "number" }).notNull(),
    deviceId: bigint("device_id", { mode: "number" }),
    substationId: bigint("substation_id", { mode: "number" }),
    meterRole: text("meter_role").$type<MonitoringMeterRole>(),
    kind: text("kind").$type<MonitoringSeriesKind>().notNull(),
    name: text("name").notNull(),
    unit: text("unit"),
    low: doublePrecision("low"),
    high: doublePrecision("high"),
    states: jsonb("states").$type<MonitoringState[]>(),
    rollover: doublePrecision("rollover"),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.id] }),
    foreignKey({
      name: "monitoring_series_site_fk",
      columns: [t.databaseId, t.siteId],
      foreignColumns: [monitoringSites.databaseId, monitoringSites.id],
    }).onDelete("cascade"),
    // A null device or substation is not checked (MATCH SIMPLE); a deleted one takes its series along.
    foreignKey({
      name: "monitoring_series_device_fk",
      columns: [t.databaseId, t.deviceId],
      foreignColumns: [monitoringDevices.databaseId, monitoringDevices.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "monitoring_series_substation_fk",
      columns: [t.databaseId, t.substationId],
      foreignColumns: [monitoringSubstations.databaseId, monitoringSubstations.id],
    }).onDelete("cascade"),
    index("monitoring_series_site_idx").on(t.databaseId, t.siteId),
    index("monitoring_series_device_idx").on(t.databaseId, t.deviceId),
    index("monitoring_series_substation_idx").on(t.databaseId, t.substationId),
    // One input meter per substation (per kind: its kWh and its kW).
    uniqueIndex("monitoring_series_input_idx")
      .on(t.databaseId, t.substationId, t.kind)
      .where(sql`${t.meterRole} = 'input'`),
    check("monitoring_series_kind", inList("kind", MONITORING_SERIES_KINDS)),
    check("monitoring_series_meter_role", sql`meter_role is null or ${inList("meter_role", MONITORING_METER_ROLES)}`),
    // Only a meter's series sit in a substation, and then with a role.
    check(
      "monitoring_series_substation",
      sql`(substation_id is null and meter_role is null) or (substation_id is not null and meter_role is not null and kind in ('energy', 'power'))`,
    ),
    check("monitoring_series_states", sql`states is null or kind = 'state'`),
    check("monitoring_series_rollover", sql`rollover is null or (kind = 'energy' and rollover > 0)`),
  ],
);

/**
 * Numeric readings (sensor, energy, power), one per series and instant: a second reading of the
 * same series at the same ts replaces the first. Partitioned by month on ts (migration 0022): old
 * months are detached or dropped whole, and a time-range query reads only its months. No foreign
 * key: a check per reading is what an ingestion of thousands a second cannot afford; the series'
 * deletion deletes its readings by a statement trigger (migration 0022).
 */
export const monitoringReadings = pgTable(
  "monitoring_readings",
  {
    databaseId: integer("database_id").notNull(),
    seriesId: bigint("series_id", { mode: "number" }).notNull(),
    ts: timestamp("ts", { withTimezone: true, mode: "string" }).notNull(),
    value: doublePrecision("value").notNull(),
  },
  // The primary key contains the partition key ts, as PostgreSQL requires of a partitioned table.
  (t) => [primaryKey({ columns: [t.databaseId, t.seriesId, t.ts] })],
);

/** State readings of discrete channels: the state code from ts until the next reading. Partitioned as above. */
export const monitoringStateReadings = pgTable(
  "monitoring_state_readings",
  {
    databaseId: integer("database_id").notNull(),
    seriesId: bigint("series_id", { mode: "number" }).notNull(),
    ts: timestamp("ts", { withTimezone: true, mode: "string" }).notNull(),
    state: text("state").notNull(),
  },
  (t) => [primaryKey({ columns: [t.databaseId, t.seriesId, t.ts] })],
);

/**
 * Hourly and daily buckets of numeric series, in the site's local time: bucket is the instant the
 * local hour or day starts. count/min/max/sum of the values read in it (avg = sum / count; a bucket
 * holding only an interval's energy has count 0, min +∞, max −∞); kwh for energy series only: the
 * energy of the intervals whose end falls in the bucket approached from before, so [start, next
 * start) (platform/rollups-rebuild.ts intervalBucketSql). Kept current by every ingestion batch for
 * the buckets it touches.
 */
export const monitoringRollups = pgTable(
  "monitoring_rollups",
  {
    databaseId: integer("database_id").notNull(),
    seriesId: bigint("series_id", { mode: "number" }).notNull(),
    grain: text("grain").$type<MonitoringGrain>().notNull(),
    bucket: timestamp("bucket", { withTimezone: true, mode: "string" }).notNull(),
    count: integer("count").notNull(),
    min: doublePrecision("min").notNull(),
    max: doublePrecision("max").notNull(),
    sum: doublePrecision("sum").notNull(),
    kwh: doublePrecision("kwh"),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.seriesId, t.grain, t.bucket] }),
    // The daily rollups alone, with their kWh (INCLUDE, added by hand in migration 0028: Drizzle
    // cannot declare it): all meters' daily kWh for a year is an index-only scan of 366 entries
    // a meter, not 366 heap rows scattered among the hourly ones (power.repository.ts meterEnergy).
    index("monitoring_rollups_day_idx").on(t.databaseId, t.seriesId, t.bucket).where(sql`grain = 'day'`),
    check("monitoring_rollups_grain", inList("grain", MONITORING_GRAINS)),
  ],
);

/**
 * Monitoring databases whose rollups are to be computed again from their readings at the next
 * start (platform/rollups-rebuild.ts rebuildPendingRollups): a migration that changes how rollups
 * are computed lists the databases here (0031: an interval's kWh in the bucket its end falls in
 * approached from before), so that stored rollups follow the rule ingestion merges new ones by.
 */
export const monitoringRollupRebuilds = pgTable("monitoring_rollup_rebuilds", {
  databaseId: integer("database_id").primaryKey(),
});
