import { ErrorCode } from "@nadoy/contract/errors";
import {
  canEditMonitoringModel,
  MONITORING_METER_ROLE_LABELS,
  type MonitoringDeleted,
  type MonitoringDeviceInput,
  type MonitoringModel,
  type MonitoringModelSeries,
  type MonitoringSeriesInput,
  type MonitoringSiteInput,
  type MonitoringSubstationInput,
  TIME_ZONE_INVALID_TEXT,
} from "@nadoy/contract/monitoring-model";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { databaseOfKindFor, type KindDatabase, notFound } from "../../platform/access/database-of-kind.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, forbidden, validationError } from "../../platform/errors.ts";
import { rebuildRollups } from "../../platform/rollups-rebuild.ts";
import { violatedUniqueIndex } from "../../platform/unique-violation.ts";
import * as repo from "./monitoring-model.repository.ts";

// The model editor of a monitoring database (contract monitoring-model.ts): its readers read the
// model, MONITORING_MODEL_EDITOR_ROLES and superusers change it (the route rule says so; checked
// again here). Every write resolves the database first (404 unseen, 409 another kind), then runs
// in one transaction: the checks of what the body names (a site, device, substation of this
// database and of one site) and the write see the same rows.

type Caller = Pick<AuthUser, "id" | "isSuperuser" | "groups">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const conflict = (message: string, fields?: Record<string, string>) =>
  new ApiError(409, ErrorCode.conflict, message, fields);
/** A thing the body names that is not in the database: 404 naming the field, as the keys' database_uuid. */
const missing = (field: string, message: string) =>
  new ApiError(404, ErrorCode.notFound, message, { [field]: message });

const SITE_MISSING = "Такой площадки нет в этой базе";
const INPUT_KIND_TEXT = { energy: "кВт·ч", power: "кВт" } as const;

const canEdit = (caller: Caller) => canEditMonitoringModel({ groups: caller.groups, is_superuser: caller.isSuperuser });

export function createMonitoringModelService(db: Db) {
  const database = (caller: Caller, uuid: string): Promise<KindDatabase> =>
    databaseOfKindFor(db, caller, uuid, "monitoring");

  /** The database the caller edits: 404/409 as a reader, then 403 unless an editor. */
  const editable = async (caller: Caller, uuid: string) => {
    const found = await database(caller, uuid);
    if (!canEdit(caller)) throw forbidden();
    return found;
  };

  /** PostgreSQL must know the zone too (its tz database places the buckets): else 400, nothing written. */
  const checkZone = async (zone: string) => {
    try {
      await db.execute(sql`select now() at time zone ${zone}`);
    } catch {
      throw validationError({ time_zone: TIME_ZONE_INVALID_TEXT }, TIME_ZONE_INVALID_TEXT);
    }
  };

  const siteOf = async (tx: Tx, databaseId: number, siteId: number) => {
    const site = await repo.findSite(tx, databaseId, siteId);
    if (!site) throw missing("site_id", SITE_MISSING);
    return site;
  };

  /** The body of a series as stored, its device and substation checked to be of its site. */
  const seriesValues = async (tx: Tx, databaseId: number, input: MonitoringSeriesInput, exceptId: number | null) => {
    await siteOf(tx, databaseId, input.site_id);
    const deviceId = input.device_id ?? null;
    if (deviceId !== null) {
      const device = await repo.findDevice(tx, databaseId, deviceId);
      if (!device) throw missing("device_id", "Такого устройства нет в этой базе");
      if (device.site_id !== input.site_id) {
        const text = "Устройство — с другой площадки: ряд и его устройство должны быть одной площадки";
        throw validationError({ device_id: text }, text);
      }
    }
    const substationId = input.substation_id ?? null;
    const meterRole = substationId === null ? null : (input.meter_role ?? null);
    if (substationId !== null) {
      const substation = await repo.findSubstation(tx, databaseId, substationId);
      if (!substation) throw missing("substation_id", "Такой подстанции нет в этой базе");
      if (substation.site_id !== input.site_id) {
        const text = "Подстанция — другой площадки: счётчик и его подстанция должны быть одной площадки";
        throw validationError({ substation_id: text }, text);
      }
      if (meterRole === "input" && (input.kind === "energy" || input.kind === "power")) {
        const other = await repo.findInputMeter(tx, databaseId, substationId, input.kind, exceptId);
        if (other) throw secondInput(substation.name, input.kind, other.name);
      }
    }
    const values: repo.SeriesValues = {
      siteId: input.site_id,
      deviceId,
      substationId,
      meterRole,
      kind: input.kind,
      name: input.name,
      unit: input.unit?.trim() ? input.unit.trim() : null,
      low: input.kind === "sensor" ? (input.low ?? null) : null,
      high: input.kind === "sensor" ? (input.high ?? null) : null,
      states: input.kind === "state" ? (input.states ?? null) : null,
      rollover: input.kind === "energy" ? (input.rollover ?? null) : null,
    };
    return values;
  };

  /** Runs a series write; the unique index of input meters, hit by a concurrent writer, is 409 too. */
  const writeSeries = async <T>(input: MonitoringSeriesInput, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      const index = violatedUniqueIndex(error);
      const meter = input.kind === "energy" || input.kind === "power" ? input.kind : null;
      if (meter && (index === "monitoring_series_input_idx" || index === "")) throw secondInput(null, meter, null);
      throw error;
    }
  };

  return {
    async model(caller: Caller, uuid: string): Promise<MonitoringModel> {
      const found = await database(caller, uuid);
      const model = await repo.readModel(db, found.id);
      return { database: { uuid: found.uuid, name: found.name }, editable: canEdit(caller), ...model };
    },

    // ---- sites ----

    async createSite(caller: Caller, uuid: string, input: MonitoringSiteInput) {
      const { id } = await editable(caller, uuid);
      await checkZone(input.time_zone);
      return repo.insertSite(db, id, { name: input.name, timeZone: input.time_zone });
    },

    /** A new time zone moves the site's hour and day buckets: its rollups are computed again, in the same transaction. */
    async updateSite(caller: Caller, uuid: string, siteId: number, input: MonitoringSiteInput) {
      const { id } = await editable(caller, uuid);
      await checkZone(input.time_zone);
      return db.transaction(async (tx) => {
        const before = await repo.findSite(tx, id, siteId);
        if (!before) throw notFound();
        const site = await repo.updateSite(tx, id, siteId, { name: input.name, timeZone: input.time_zone });
        if (!site) throw notFound();
        if (before.time_zone !== site.time_zone) {
          const series = await repo.numericSeriesOfSite(tx, id, siteId);
          if (series.length > 0) await rebuildRollups(tx, id, series);
        }
        return site;
      });
    },

    async deleteSite(caller: Caller, uuid: string, siteId: number): Promise<MonitoringDeleted> {
      const { id } = await editable(caller, uuid);
      return db.transaction(async (tx) => {
        const deleted = await repo.deleteSite(tx, id, siteId);
        if (deleted.sites === 0) throw notFound();
        return deleted;
      });
    },

    // ---- devices ----

    async createDevice(caller: Caller, uuid: string, input: MonitoringDeviceInput) {
      const { id } = await editable(caller, uuid);
      return db.transaction(async (tx) => {
        await siteOf(tx, id, input.site_id);
        return repo.insertDevice(tx, id, { siteId: input.site_id, kind: input.kind, name: input.name });
      });
    },

    async updateDevice(caller: Caller, uuid: string, deviceId: number, input: MonitoringDeviceInput) {
      const { id } = await editable(caller, uuid);
      return db.transaction(async (tx) => {
        const device = await repo.findDevice(tx, id, deviceId);
        if (!device) throw notFound();
        if (device.site_id !== input.site_id) {
          throw conflict("Устройство не переносится на другую площадку: создайте его там заново", {
            site_id: "Площадка устройства не меняется",
          });
        }
        const updated = await repo.updateDevice(tx, id, deviceId, { kind: input.kind, name: input.name });
        if (!updated) throw notFound();
        return updated;
      });
    },

    async deleteDevice(caller: Caller, uuid: string, deviceId: number): Promise<MonitoringDeleted> {
      const { id } = await editable(caller, uuid);
      return db.transaction(async (tx) => {
        const deleted = await repo.deleteDevice(tx, id, deviceId);
        if (deleted.devices === 0) throw notFound();
        return deleted;
      });
    },

    // ---- substations ----

    async createSubstation(caller: Caller, uuid: string, input: MonitoringSubstationInput) {
      const { id } = await editable(caller, uuid);
      return db.transaction(async (tx) => {
        await siteOf(tx, id, input.site_id);
        return repo.insertSubstation(tx, id, { siteId: input.site_id, name: input.name });
      });
    },

    async updateSubstation(caller: Caller, uuid: string, substationId: number, input: MonitoringSubstationInput) {
      const { id } = await editable(caller, uuid);
      return db.transaction(async (tx) => {
        const substation = await repo.findSubstation(tx, id, substationId);
        if (!substation) throw notFound();
        if (substation.site_id !== input.site_id) {
          throw conflict("Подстанция не переносится на другую площадку: создайте её там заново", {
            site_id: "Площадка подстанции не меняется",
          });
        }
        const updated = await repo.updateSubstation(tx, id, substationId, { name: input.name });
        if (!updated) throw notFound();
        return updated;
      });
    },

    async deleteSubstation(caller: Caller, uuid: string, substationId: number): Promise<MonitoringDeleted> {
      const { id } = await editable(caller, uuid);
      return db.transaction(async (tx) => {
        const deleted = await repo.deleteSubstation(tx, id, substationId);
        if (deleted.substations === 0) throw notFound();
        return deleted;
      });
    },

    // ---- series ----

    async createSeries(caller: Caller, uuid: string, input: MonitoringSeriesInput): Promise<MonitoringModelSeries> {
      const { id } = await editable(caller, uuid);
      return writeSeries(input, () =>
        db.transaction(async (tx) => repo.insertSeries(tx, id, await seriesValues(tx, id, input, null))),
      );
    },

    /** Name, unit, thresholds, states, rollover, device and substation change; the kind and the site do not. */
    async updateSeries(
      caller: Caller,
      uuid: string,
      seriesId: number,
      input: MonitoringSeriesInput,
    ): Promise<MonitoringModelSeries> {
      const { id } = await editable(caller, uuid);
      return writeSeries(input, () =>
        db.transaction(async (tx) => {
          const series = await repo.findSeries(tx, id, seriesId);
          if (!series) throw notFound();
          if (series.kind !== input.kind) {
            throw conflict("Вид ряда не меняется: создайте новый ряд", { kind: "Вид ряда не меняется" });
          }
          if (series.site_id !== input.site_id) {
            throw conflict("Ряд не переносится на другую площадку: создайте новый ряд", {
              site_id: "Площадка ряда не меняется",
            });
          }
          const updated = await repo.updateSeries(tx, id, seriesId, await seriesValues(tx, id, input, seriesId));
          if (!updated) throw notFound();
          // New thresholds or a new rollover change nothing stored but the kWh: those are computed again.
          if (series.kind === "energy" && series.rollover !== updated.rollover)
            await rebuildRollups(tx, id, [seriesId]);
          return updated;
        }),
      );
    },

    async deleteSeries(caller: Caller, uuid: string, seriesId: number): Promise<MonitoringDeleted> {
      const { id } = await editable(caller, uuid);
      return db.transaction(async (tx) => {
        const deleted = await repo.deleteSeries(tx, id, seriesId);
        if (deleted.series === 0) throw notFound();
        return deleted;
      });
    },
  };
}

/** 409: a substation has an input meter of this kind already («ввод» is one per substation and kind). */
function secondInput(substation: string | null, kind: "energy" | "power", other: string | null): ApiError {
  const where = substation === null ? "У подстанции" : `У подстанции «${substation}»`;
  const which = other === null ? "" : `: «${other}»`;
  const message = `${where} уже есть ${MONITORING_METER_ROLE_LABELS.input.toLowerCase()} (${INPUT_KIND_TEXT[kind]})${which}. Второй ряд этого вида сделайте фидером`;
  return conflict(message, { meter_role: message });
}
