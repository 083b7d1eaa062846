import { z } from "zod";
import { defineRoute } from "./http.ts";

// ---- A herd database's settings (issue 18; HERD.md: the figures marked *setting*) ----
//
// Who: whoever reads the herd database reads them (contract herd.ts); those who may upload to it —
// everyone but viewers (6) and clients (7) — change them (403 for those two); another company's
// database → 404, a database of another kind → 409. A database never set answers the defaults.
// What: vwp_days, the voluntary waiting period (days after calving before a cow may be bred): the
// 21-day cycles of report 4 (Воспроизводство) start there.

export const HERD_VWP_DAYS_DEFAULT = 50;
export const HERD_VWP_DAYS_MIN = 20;
export const HERD_VWP_DAYS_MAX = 150;

export const herdSettingsInputSchema = z.strictObject({
  vwp_days: z
    .number()
    .int("Целое число дней")
    .min(HERD_VWP_DAYS_MIN, `Не меньше ${HERD_VWP_DAYS_MIN} дней`)
    .max(HERD_VWP_DAYS_MAX, `Не больше ${HERD_VWP_DAYS_MAX} дней`),
});
export type HerdSettingsInput = z.infer<typeof herdSettingsInputSchema>;

export const herdSettingsSchema = herdSettingsInputSchema.extend({
  /** The caller may change them. */
  editable: z.boolean(),
});
export type HerdSettings = z.infer<typeof herdSettingsSchema>;

const params = z.object({ db_uuid: z.uuid() });

export const getHerdSettings = defineRoute({
  method: "GET",
  path: "/api/herd/:db_uuid/settings/",
  auth: "user",
  params,
  response: herdSettingsSchema,
  summary: "Настройки базы стада: добровольный период ожидания (ДОП) и другие",
});

export const updateHerdSettings = defineRoute({
  method: "PUT",
  path: "/api/herd/:db_uuid/settings/",
  auth: "user",
  params,
  body: herdSettingsInputSchema,
  response: herdSettingsSchema,
  summary: "Изменить настройки базы стада (все, кто загружает в неё данные)",
});
