import { monitoringPreviousPeriod } from "@nadoy/contract/monitoring";
import type {
  PowerDays,
  PowerMeans,
  PowerPeriod,
  PowerProfile,
  powerAveragesQuerySchema,
} from "@nadoy/contract/monitoring-averages";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { monitoringCatalog } from "./catalog.repository.ts";
import { type MonitoringCaller, monitoringDatabaseFor } from "./monitoring-database.ts";
import { dayMeans, hourProfile, type MeterRow, periodEnergy, siteDays, siteHerd } from "./power-averages.repository.ts";

// Power averages (contract monitoring-averages.ts): the average day by local hour, the average
// day by weekday and day of month, the period's kWh and mean day beside the previous period's, and
// the herd the site feeds. Means are over complete local hours and days only (the contract's rule).

type Query = z.output<typeof powerAveragesQuerySchema>;

const DAY_MS = 86_400_000;

const meterOut = (m: MeterRow) => ({
  series_id: m.series_id,
  name: m.name,
  substation_id: m.substation_id,
  role: m.role,
});

const none = (slots: number): PowerMeans => ({ kwh: Array(slots).fill(null), count: Array(slots).fill(0) });

export function createPowerAveragesService(db: Db) {
  const database = (caller: MonitoringCaller, uuid: string) => monitoringDatabaseFor(db, caller, uuid);

  /** The catalog's sites, each with its meters of `meters` shaped by `shape`. */
  async function bySite<M extends MeterRow, Out>(databaseId: number, meters: M[], shape: (m: M) => Out) {
    const catalog = await monitoringCatalog(db, databaseId);
    return catalog.sites.map((site) => ({
      id: site.id,
      name: site.name,
      time_zone: site.time_zone,
      meters: meters.filter((m) => m.site_id === site.id).map(shape),
    }));
  }

  return {
    async profile(caller: MonitoringCaller, uuid: string, query: Query): Promise<PowerProfile> {
      const { id } = await database(caller, uuid);
      const meters = await hourProfile(db, id, query.from, query.to);
      const sites = await bySite(id, meters, (m) => ({
        ...meterOut(m),
        weekdays: m.groups.weekdays ?? none(24),
        weekends: m.groups.weekends ?? none(24),
      }));
      return { from: query.from, to: query.to, sites };
    },

    async days(caller: MonitoringCaller, uuid: string, query: Query): Promise<PowerDays> {
      const { id } = await database(caller, uuid);
      const meters = await dayMeans(db, id, query.from, query.to);
      const sites = await bySite(id, meters, (m) => ({
        ...meterOut(m),
        weekdays: m.groups.weekdays ?? none(7),
        month_days: m.groups.month_days ?? none(31),
      }));
      return { from: query.from, to: query.to, sites };
    },

    async period(caller: MonitoringCaller, uuid: string, query: Query): Promise<PowerPeriod> {
      const { id } = await database(caller, uuid);
      const from = Date.parse(query.from);
      const to = Date.parse(query.to);
      // The rule of every monitoring page: a range under a day against the same hours a day earlier.
      const before = monitoringPreviousPeriod(from, to);
      const previous = { from: new Date(before.from).toISOString(), to: new Date(before.to).toISOString() };
      const [meters, days, herd] = await Promise.all([
        periodEnergy(db, id, query.from, query.to, previous),
        siteDays(db, id, query.from, query.to, previous),
        siteHerd(db, id),
      ]);
      const length = (to - from) / DAY_MS;
      const sites = await bySite(id, meters, (m) => ({
        ...meterOut(m),
        kwh: m.kwh,
        previous_kwh: m.previous_kwh,
        per_day: m.per_day,
        days: m.days,
        previous_per_day: m.previous_per_day,
        previous_days: m.previous_days,
      }));
      return {
        period: { from: new Date(from).toISOString(), to: new Date(to).toISOString(), days: length },
        previous: { ...previous, days: length },
        herd,
        sites: sites.map((site) => {
          const whole = days.find((d) => d.site_id === site.id);
          return { ...site, days: whole?.days ?? 0, previous_days: whole?.previous_days ?? 0 };
        }),
      };
    },
  };
}
