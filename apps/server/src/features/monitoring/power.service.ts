import {
  getPowerEnergy,
  type PowerEnergy,
  type PowerMeter,
  type PowerOverview,
  type powerEnergyQuerySchema,
} from "@nadoy/contract/monitoring";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { JsonTexts, type PreSerializedJson } from "../../platform/pre-serialized-json.ts";
import { monitoringCatalog } from "./catalog.repository.ts";
import { type MonitoringCaller, monitoringDatabaseFor } from "./monitoring-database.ts";
import { type MeterNow, meterEnergy, metersNow } from "./power.repository.ts";

// The power side of monitoring (contract monitoring.ts): substations with their meters, power now,
// kWh of the site's today and yesterday, losses (input − Σ feeders), kWh by local hour or day.
// The database first, as monitoring.service.ts does (404 / 409).

type EnergyQuery = z.output<typeof powerEnergyQuerySchema>;

const meterOut = (m: MeterNow): PowerMeter => ({
  series_id: m.series_id,
  name: m.name,
  role: m.role,
  power_kw: m.power_kw,
  power_at: m.power_at,
  kwh_today: m.kwh_today,
  kwh_yesterday: m.kwh_yesterday,
});

/** Input − Σ feeders, and its share of the input (null when nothing came in). */
function losses(input: MeterNow | undefined, feeders: MeterNow[], day: "kwh_today" | "kwh_yesterday") {
  if (!input) return null;
  const kwh = input[day] - feeders.reduce((total, f) => total + f[day], 0);
  return { kwh, percent: input[day] > 0 ? (kwh / input[day]) * 100 : null };
}

export function createPowerService(db: Db, now: () => Date = () => new Date()) {
  const database = (caller: MonitoringCaller, uuid: string) => monitoringDatabaseFor(db, caller, uuid);

  return {
    /** Substations with their meters and losses, and the meters of no substation, per site. */
    async overview(caller: MonitoringCaller, uuid: string): Promise<PowerOverview> {
      const { id } = await database(caller, uuid);
      const at = now();
      const [catalog, meters] = await Promise.all([monitoringCatalog(db, id), metersNow(db, id, at)]);
      const sites = catalog.sites.map((site) => {
        const ofSite = meters.filter((m) => m.site_id === site.id);
        const substations = catalog.substations
          .filter((s) => s.site_id === site.id)
          .map((s) => {
            const input = ofSite.find((m) => m.substation_id === s.id && m.role === "input");
            const feeders = ofSite.filter((m) => m.substation_id === s.id && m.role === "feeder");
            return {
              id: s.id,
              name: s.name,
              input: input ? meterOut(input) : null,
              feeders: feeders.map(meterOut),
              losses_today: losses(input, feeders, "kwh_today"),
              losses_yesterday: losses(input, feeders, "kwh_yesterday"),
            };
          });
        return {
          id: site.id,
          name: site.name,
          time_zone: site.time_zone,
          today: localDate(at, site.time_zone),
          substations,
          meters: ofSite.filter((m) => m.substation_id === null).map(meterOut),
        };
      });
      return { now: at.toISOString(), sites };
    },

    /**
     * kWh per meter by local hour or day, per site: checked and written as JSON here, each meter's
     * kWh the text PostgreSQL wrote (pre-serialized-json.ts).
     */
    async energy(caller: MonitoringCaller, uuid: string, query: EnergyQuery): Promise<PreSerializedJson> {
      const { id } = await database(caller, uuid);
      const [catalog, energy] = await Promise.all([
        monitoringCatalog(db, id),
        meterEnergy(db, id, query.grain, query.from, query.to),
      ]);
      const texts = new JsonTexts();
      const payload: PowerEnergy = {
        grain: query.grain,
        sites: catalog.sites.map((site) => ({
          id: site.id,
          name: site.name,
          time_zone: site.time_zone,
          buckets: energy.sites.find((s) => s.site_id === site.id)?.buckets ?? [],
          meters: energy.meters
            .filter((m) => m.site_id === site.id)
            .map((m) => ({
              series_id: m.series_id,
              name: m.name,
              substation_id: m.substation_id,
              role: m.role,
              kwh: texts.slot(m.kwh),
              missing: texts.slot(m.missing),
            })),
        })),
      };
      return texts.write(getPowerEnergy, payload);
    },
  };
}

/** The date at `at` in `timeZone`: 2026-03-10. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}
