import type { monitoringRangeQuerySchema } from "@nadoy/contract/monitoring";
import {
  getMonitoringPoints,
  MONITORING_PERIODS_MAX,
  type MonitoringCatalog,
  type MonitoringPoints,
  type MonitoringPointsColumns,
  type MonitoringSeriesPoints,
  type MonitoringStates,
  monitoringPreviousPeriod,
  type ThresholdSummary,
} from "@nadoy/contract/monitoring";
import { displayName } from "@nadoy/contract/users";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { type Db, queryRows } from "../../db/client.ts";
import { notFound } from "../../platform/access/database-of-kind.ts";
import { JsonTexts, type PreSerializedJson } from "../../platform/pre-serialized-json.ts";
import { monitoringCatalog } from "./catalog.repository.ts";
import { type MonitoringCaller, monitoringDatabaseFor } from "./monitoring-database.ts";
import { pointsXlsx } from "./points-xlsx.ts";
import { numericSeries, type PointColumnsJson, rangeStats, seriesPoints, thresholdSummary } from "./series-points.ts";
import { stateSegments } from "./state-segments.ts";
import { timeInStates } from "./state-time.ts";

// The read side of equipment and power monitoring (contract monitoring.ts): every call first
// resolves the monitoring database the caller may read (404 / 409, platform/access/database-of-kind.ts),
// then reads only within it. A series id that is not one of the database's series of the right
// kind is 404, as a missing one.

type RangeQuery = z.output<typeof monitoringRangeQuerySchema>;

const iso = (ms: number) => new Date(ms).toISOString();

const noPeriods: ThresholdSummary = { count: 0, seconds: 0, items: [] };

/** The points as the contract's columns (the i-th bucket at index i of each), each column's JSON text made an array by `column`. */
const pointColumns = (p: PointColumnsJson, column: (json: string) => number[]): MonitoringPointsColumns => ({
  t: column(p.t),
  count: column(p.count),
  min: column(p.min),
  min_at: column(p.minAt),
  max: column(p.max),
  max_at: column(p.maxAt),
  avg: column(p.avg),
});

/** A chart's series as shown, its points the JSON texts of their columns. */
type ShownSeries = Omit<MonitoringSeriesPoints, "points"> & { points: PointColumnsJson };
type Shown = Omit<MonitoringPoints, "series"> & { series: ShownSeries[] };

export function createMonitoringService(db: Db, now: () => Date = () => new Date()) {
  const database = (caller: MonitoringCaller, uuid: string) => monitoringDatabaseFor(db, caller, uuid);

  return {
    async catalog(caller: MonitoringCaller, uuid: string): Promise<MonitoringCatalog> {
      const found = await database(caller, uuid);
      const catalog = await monitoringCatalog(db, found.id);
      return { database: { uuid: found.uuid, name: found.name }, ...catalog };
    },

    /**
     * Chart points, stats and threshold periods of each series, and the same for the previous
     * period: checked and written as JSON here, each column of points the text PostgreSQL wrote
     * (pre-serialized-json.ts).
     */
    async points(caller: MonitoringCaller, uuid: string, query: RangeQuery): Promise<PreSerializedJson> {
      const shown = await this.shown(caller, uuid, query);
      const texts = new JsonTexts();
      const slot = (json: string) => texts.slot(json);
      return texts.write(getMonitoringPoints, {
        ...shown,
        series: shown.series.map((s) => ({ ...s, points: pointColumns(s.points, slot) })),
      });
    },

    /** What points() answers, its columns as JSON texts. */
    async shown(caller: MonitoringCaller, uuid: string, query: RangeQuery): Promise<Shown> {
      const { id } = await database(caller, uuid);
      const from = Date.parse(query.from);
      const to = Date.parse(query.to);
      // Of equal length just before, or the same hours a day earlier for a range under a day.
      const { from: prevFrom, to: prevTo } = monitoringPreviousPeriod(from, to);
      const at = now();
      const series: ShownSeries[] = [];
      for (const seriesId of query.series) {
        // Looked up once for the five statements, which then run side by side on the pool: one
        // round trip's time rather than five. The points wait for the range's stats (their exact
        // count of readings picks the points' source), looking up what they need meanwhile.
        const known = await numericSeries(db, id, seriesId);
        if (!known) throw notFound();
        const rangeNow = rangeStats(db, id, seriesId, iso(from), iso(to), known);
        const counted = rangeNow.then((s) => s?.count);
        const [points, stats, previousStats, periods, previousPeriods] = await Promise.all([
          seriesPoints(db, id, seriesId, iso(from), iso(to), query.width, counted, known),
          rangeNow,
          rangeStats(db, id, seriesId, iso(prevFrom), iso(prevTo), known),
          thresholdSummary(db, id, seriesId, iso(from), iso(to), at, MONITORING_PERIODS_MAX, known),
          thresholdSummary(db, id, seriesId, iso(prevFrom), iso(prevTo), at, MONITORING_PERIODS_MAX, known),
        ]);
        if (!points) throw notFound();
        const empty = { count: 0, min: null, max: null, avg: null };
        series.push({
          id: seriesId,
          source: points.source,
          step_seconds: points.stepSeconds,
          points: points.points,
          stats: stats ?? empty,
          previous_stats: previousStats ?? empty,
          thresholds: periods ?? noPeriods,
          previous_thresholds: previousPeriods ?? noPeriods,
        });
      }
      return { from: iso(from), to: iso(to), previous: { from: iso(prevFrom), to: iso(prevTo) }, series };
    },

    /** The chart as XLSX (points.ts's figures at the site's wall clock), with who made it and when. */
    async exportPoints(caller: MonitoringCaller, uuid: string, query: RangeQuery) {
      const found = await this.shown(caller, uuid, query);
      const shown: MonitoringPoints = {
        ...found,
        series: found.series.map((s) => ({ ...s, points: pointColumns(s.points, JSON.parse) })),
      };
      const { id, name } = await database(caller, uuid);
      const [catalog, [person]] = await Promise.all([
        monitoringCatalog(db, id),
        queryRows<{ username: string; first_name: string; last_name: string }>(
          db,
          sql`select username, first_name, last_name from users where id = ${caller.id}`,
        ),
      ]);
      const first = catalog.series.find((s) => s.id === query.series[0]);
      const timeZone = catalog.sites.find((s) => s.id === first?.site_id)?.time_zone ?? "Europe/Moscow";
      const body = await pointsXlsx(shown, {
        database: name,
        timeZone,
        series: new Map(catalog.series.map((s) => [s.id, s])),
        devices: catalog.devices,
        generatedBy: person ? displayName(person) : "",
        generatedAt: now(),
      });
      return { body, name: `Мониторинг — ${name}.xlsx` };
    },

    /** Timelines and time in states of each discrete channel; the range's end is clipped to now. */
    async states(caller: MonitoringCaller, uuid: string, query: RangeQuery): Promise<MonitoringStates> {
      const { id } = await database(caller, uuid);
      const at = now();
      const from = iso(Date.parse(query.from));
      const series = [];
      let to = iso(Date.parse(query.to));
      for (const seriesId of query.series) {
        const times = await timeInStates(db, id, seriesId, from, query.to, at);
        if (!times) throw notFound();
        to = times.to;
        const segments = await stateSegments(db, id, seriesId, from, query.to, at, query.width);
        series.push({
          id: seriesId,
          segments,
          unknown_seconds: times.unknownSeconds,
          states: times.states,
          current: times.current,
        });
      }
      return { from, to, series };
    },
  };
}
