import { z } from "zod";
import { defineRoute } from "./http.ts";
import { KEY_MANAGER_ROLES } from "./keys.ts";
import {
  monitoringDeviceSchema,
  monitoringSeriesKindSchema,
  monitoringSeriesSchema,
  monitoringSiteSchema,
  monitoringSubstationSchema,
} from "./monitoring.ts";
import { hasRoleOrSuperuser, type RoleId } from "./roles.ts";
import { nameSchema, notLongerThan } from "./validation-messages.ts";

// ---- the model of a monitoring database: its sites, devices, substations and series (issue 19) ----
//
// What the ingestion (monitoring-ingest.ts) writes into: a reading names a series by its id
// (`series_id`), so a new farm's database first gets its sites, devices and series here, then a
// key in the key generator. A site has a time zone (its days start at local midnight); a device
// and a substation belong to a site; a series belongs to a site and optionally to a device of
// that site, and a meter's series (energy, power) optionally to a substation of that site, as its
// input or a feeder (one input per substation and kind).
//
// Who: reading the model — whoever reads the database's monitoring pages (given the database,
// clients included; contract monitoring.ts). Editing — the company's staff who issue the keys that
// write into it (MONITORING_MODEL_EDITOR_ROLES: roles 1–5) and superusers; viewers (6) and clients
// (7) 403. A database the caller may not see (another company's, not given, unknown) 404; one of
// another kind 409. A site, device, substation or series not of the database 404.
//
// Answers: a bad field 400 with fields (a device or substation of another site of the series:
// fields.device_id / fields.substation_id); a second input meter of a substation, a change of a
// series' kind or site 409. Every write is one transaction. Deleting takes along what hangs on
// the deleted thing (a site: its devices, substations and series; a device or substation: its
// series; a series: its readings and rollups), and the answer counts what went.

/** Roles (besides superusers) that edit a monitoring database's model: those who issue its keys. */
export const MONITORING_MODEL_EDITOR_ROLES: readonly RoleId[] = KEY_MANAGER_ROLES;

export function canEditMonitoringModel(user: { groups: readonly number[]; is_superuser: boolean }): boolean {
  return hasRoleOrSuperuser(
    { groups: [...user.groups], is_superuser: user.is_superuser },
    MONITORING_MODEL_EDITOR_ROLES,
  );
}

export const MONITORING_MODEL_NAME_MAX = 150;
export const MONITORING_DEVICE_KIND_MAX = 60;
export const MONITORING_UNIT_MAX = 20;
export const MONITORING_STATES_MAX = 20;
export const MONITORING_STATE_CODE_MAX = 32;
export const MONITORING_TIME_ZONE_DEFAULT = "Europe/Moscow";

export const MONITORING_SERIES_KIND_LABELS = {
  sensor: "Датчик",
  state: "Канал состояний",
  energy: "Счётчик энергии (кВт·ч)",
  power: "Мощность (кВт)",
} as const;

export const MONITORING_METER_ROLE_LABELS = { input: "Ввод", feeder: "Фидер" } as const;

export const TIME_ZONE_INVALID_TEXT = "Такого часового пояса нет: укажите часовой пояс IANA, например Europe/Moscow";

/** An IANA zone the runtime knows (Europe/Moscow, Asia/Novosibirsk, UTC), as spelled there. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)) return false;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, "Укажите часовой пояс")
  .max(64, TIME_ZONE_INVALID_TEXT)
  .refine(isTimeZone, TIME_ZONE_INVALID_TEXT);

const modelName = nameSchema(MONITORING_MODEL_NAME_MAX);
const entityId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const pathId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const monitoringStateInputSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1, "Укажите код состояния, как его присылает устройство")
    .max(MONITORING_STATE_CODE_MAX, notLongerThan(MONITORING_STATE_CODE_MAX)),
  name: nameSchema(MONITORING_MODEL_NAME_MAX),
  color: z.string().regex(COLOR_PATTERN, "Цвет — в виде #rrggbb, например #2e7d32"),
});
export type MonitoringStateInput = z.infer<typeof monitoringStateInputSchema>;

export const monitoringSiteInputSchema = z.strictObject({ name: modelName, time_zone: timeZoneSchema });
export type MonitoringSiteInput = z.infer<typeof monitoringSiteInputSchema>;

export const monitoringDeviceInputSchema = z.strictObject({
  site_id: entityId,
  kind: z
    .string()
    .trim()
    .min(1, "Укажите, что это за устройство: робот, танк-охладитель, насос…")
    .max(MONITORING_DEVICE_KIND_MAX, notLongerThan(MONITORING_DEVICE_KIND_MAX)),
  name: modelName,
});
export type MonitoringDeviceInput = z.infer<typeof monitoringDeviceInputSchema>;

export const monitoringSubstationInputSchema = z.strictObject({ site_id: entityId, name: modelName });
export type MonitoringSubstationInput = z.infer<typeof monitoringSubstationInputSchema>;

/** What a series of each kind may carry besides its name, unit and device. */
function checkSeries(s: z.output<typeof seriesFields>, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const low = s.low ?? null;
  const high = s.high ?? null;
  if (s.kind !== "sensor") {
    if (low !== null) issue("low", "Пороги задаются только у датчиков");
    if (high !== null) issue("high", "Пороги задаются только у датчиков");
  } else if (low !== null && high !== null && low > high) {
    issue("high", "Верхний порог не может быть ниже нижнего");
  }
  const states = s.states ?? null;
  if (s.kind === "state") {
    if (states === null || states.length === 0) issue("states", "Перечислите состояния канала: код, название, цвет");
    else {
      const seen = new Set<string>();
      states.forEach((state, i) => {
        if (seen.has(state.code))
          ctx.addIssue({ code: "custom", path: ["states", i, "code"], message: `Код «${state.code}» уже есть` });
        seen.add(state.code);
      });
    }
  } else if (states !== null) issue("states", "Состояния бывают только у канала состояний");
  if ((s.rollover ?? null) !== null && s.kind !== "energy")
    issue("rollover", "Переполнение — только у счётчика энергии");
  const substation = s.substation_id ?? null;
  const role = s.meter_role ?? null;
  if (substation !== null || role !== null) {
    if (s.kind !== "energy" && s.kind !== "power")
      issue("substation_id", "В подстанцию входят только счётчики энергии и мощности");
    else if (substation === null) issue("substation_id", "Выберите подстанцию счётчика");
    else if (role === null) issue("meter_role", "Укажите, ввод это или фидер");
  }
}

const seriesFields = z.strictObject({
  site_id: entityId,
  device_id: entityId.nullable().optional(),
  kind: monitoringSeriesKindSchema,
  name: modelName,
  unit: z.string().trim().max(MONITORING_UNIT_MAX, notLongerThan(MONITORING_UNIT_MAX)).nullable().optional(),
  low: z.number().nullable().optional(),
  high: z.number().nullable().optional(),
  states: z.array(monitoringStateInputSchema).max(MONITORING_STATES_MAX).nullable().optional(),
  /** The value the energy register wraps to 0 at (its maximum + 1). */
  rollover: z.number().positive("Переполнение — положительное число").nullable().optional(),
  substation_id: entityId.nullable().optional(),
  meter_role: z.enum(["input", "feeder"]).nullable().optional(),
});

export const monitoringSeriesInputSchema = seriesFields.superRefine(checkSeries);
export type MonitoringSeriesInput = z.input<typeof monitoringSeriesInputSchema>;

/** A series as the model editor shows it: as the catalog's, with its counter's rollover. */
export const monitoringModelSeriesSchema = monitoringSeriesSchema.extend({ rollover: z.number().nullable() });
export type MonitoringModelSeries = z.infer<typeof monitoringModelSeriesSchema>;

export const monitoringModelSchema = z.object({
  database: z.object({ uuid: z.uuid(), name: z.string() }),
  /** The caller may edit it (MONITORING_MODEL_EDITOR_ROLES). */
  editable: z.boolean(),
  sites: z.array(monitoringSiteSchema),
  devices: z.array(monitoringDeviceSchema),
  substations: z.array(monitoringSubstationSchema),
  series: z.array(monitoringModelSeriesSchema),
});
export type MonitoringModel = z.infer<typeof monitoringModelSchema>;

/** What a deletion took along (the deleted thing itself included in its own count). */
export const monitoringDeletedSchema = z.object({
  sites: z.number().int(),
  devices: z.number().int(),
  substations: z.number().int(),
  series: z.number().int(),
  readings: z.number().int(),
});
export type MonitoringDeleted = z.infer<typeof monitoringDeletedSchema>;

const dbParams = z.object({ db_uuid: z.uuid() });
const itemParams = z.object({ db_uuid: z.uuid(), id: pathId });
const editors = { roles: MONITORING_MODEL_EDITOR_ROLES };
const BASE = "/api/monitoring/:db_uuid/model";

export const getMonitoringModel = defineRoute({
  method: "GET",
  path: `${BASE}/`,
  auth: "user",
  params: dbParams,
  response: monitoringModelSchema,
  summary: "Схема базы мониторинга: площадки, устройства, подстанции и ряды (с номерами series_id)",
});

export const createMonitoringSite = defineRoute({
  method: "POST",
  path: `${BASE}/sites/`,
  auth: editors,
  status: 201,
  params: dbParams,
  body: monitoringSiteInputSchema,
  response: monitoringSiteSchema,
  summary: "Добавить площадку (название, часовой пояс IANA)",
});

export const updateMonitoringSite = defineRoute({
  method: "PUT",
  path: `${BASE}/sites/:id/`,
  auth: editors,
  params: itemParams,
  body: monitoringSiteInputSchema,
  response: monitoringSiteSchema,
  summary: "Изменить площадку: при смене часового пояса часовые и суточные итоги пересчитываются",
});

export const deleteMonitoringSite = defineRoute({
  method: "DELETE",
  path: `${BASE}/sites/:id/`,
  auth: editors,
  params: itemParams,
  response: monitoringDeletedSchema,
  summary: "Удалить площадку со всеми её устройствами, подстанциями, рядами и показаниями",
});

export const createMonitoringDevice = defineRoute({
  method: "POST",
  path: `${BASE}/devices/`,
  auth: editors,
  status: 201,
  params: dbParams,
  body: monitoringDeviceInputSchema,
  response: monitoringDeviceSchema,
  summary: "Добавить устройство площадки",
});

export const updateMonitoringDevice = defineRoute({
  method: "PUT",
  path: `${BASE}/devices/:id/`,
  auth: editors,
  params: itemParams,
  body: monitoringDeviceInputSchema,
  response: monitoringDeviceSchema,
  summary: "Изменить устройство (площадку не меняет)",
});

export const deleteMonitoringDevice = defineRoute({
  method: "DELETE",
  path: `${BASE}/devices/:id/`,
  auth: editors,
  params: itemParams,
  response: monitoringDeletedSchema,
  summary: "Удалить устройство с его рядами и их показаниями",
});

export const createMonitoringSubstation = defineRoute({
  method: "POST",
  path: `${BASE}/substations/`,
  auth: editors,
  status: 201,
  params: dbParams,
  body: monitoringSubstationInputSchema,
  response: monitoringSubstationSchema,
  summary: "Добавить подстанцию площадки",
});

export const updateMonitoringSubstation = defineRoute({
  method: "PUT",
  path: `${BASE}/substations/:id/`,
  auth: editors,
  params: itemParams,
  body: monitoringSubstationInputSchema,
  response: monitoringSubstationSchema,
  summary: "Переименовать подстанцию (площадку не меняет)",
});

export const deleteMonitoringSubstation = defineRoute({
  method: "DELETE",
  path: `${BASE}/substations/:id/`,
  auth: editors,
  params: itemParams,
  response: monitoringDeletedSchema,
  summary: "Удалить подстанцию с её счётчиками и их показаниями",
});

export const createMonitoringSeries = defineRoute({
  method: "POST",
  path: `${BASE}/series/`,
  auth: editors,
  status: 201,
  params: dbParams,
  body: monitoringSeriesInputSchema,
  response: monitoringModelSeriesSchema,
  summary: "Добавить ряд: датчик, канал состояний, счётчик энергии или мощности; его id — series_id показаний",
});

export const updateMonitoringSeries = defineRoute({
  method: "PUT",
  path: `${BASE}/series/:id/`,
  auth: editors,
  params: itemParams,
  body: monitoringSeriesInputSchema,
  response: monitoringModelSeriesSchema,
  summary: "Изменить ряд (вид и площадку не меняет)",
});

export const deleteMonitoringSeries = defineRoute({
  method: "DELETE",
  path: `${BASE}/series/:id/`,
  auth: editors,
  params: itemParams,
  response: monitoringDeletedSchema,
  summary: "Удалить ряд с его показаниями",
});
