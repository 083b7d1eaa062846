import { z } from "zod";
import { defineRoute } from "./http.ts";
import { ADMIN_ROLES } from "./roles.ts";
import { databaseKindSchema } from "./users.ts";
import { nameSchema } from "./validation-messages.ts";

// ---- business users: companies, farms, user databases, DTM codes (issue 6 items 4–5) ----
//
// Every route here is for superusers and role 1 (ADMIN_ROLES): others 403, anonymous 401. Every
// change is written to the audit log ({id, before, after}) in its transaction.
//
// A company ("business") has farms, member users and user databases. What a member sees:
// - farms: every farm of their companies, unless an admin picked farms of that company for them
//   (user_farms) — then only those (the company's other farms stay hidden from them);
// - databases: only the active databases assigned to them (user_database_access), which must
//   belong to one of their companies. Superusers see every company, farm and active database.
// - DTM entries (spec §3: uuid, company_code): only the company's entries assigned to them
//   (user_dtm_access, given in the admin user card); superusers see every entry.
// Deleting a company or farm that still has databases is refused (409): deactivate databases instead.
// A company's DTM entries and their assignments go with it.

export const BUSINESS_NAME_MAX = 255;
export const BUSINESS_PAGE_SIZE = 25;
export const DATABASE_FIELD_MAX = 255;
export const DTM_CODE_MAX = 50;

/**
 * A DTM company code: trimmed, 1–50 characters, only letters (of any alphabet: codes may be
 * Cyrillic), digits, "-" and "_". It is the key the company's data transfers carry and the label of
 * its item in the side menu, so no spaces or punctuation. Unique within its company, compared as
 * typed: "zr-1" and "ZR-1" are two codes.
 */
export const dtmCompanyCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(DTM_CODE_MAX)
  .regex(/^[\p{L}\p{Nd}_-]+$/u, "Только буквы, цифры и символы - _");

/** IANA zones offered for farms (Russia's, west to east); any valid IANA name is accepted. */
export const FARM_TIMEZONES = [
  "Europe/Kaliningrad",
  "Europe/Moscow",
  "Europe/Samara",
  "Asia/Yekaterinburg",
  "Asia/Omsk",
  "Asia/Novosibirsk",
  "Asia/Krasnoyarsk",
  "Asia/Irkutsk",
  "Asia/Yakutsk",
  "Asia/Vladivostok",
  "Asia/Magadan",
  "Asia/Kamchatka",
] as const;

/** True for a zone the runtime knows (the server and the browser check alike). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("ru-RU", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const admins = { roles: ADMIN_ROLES } as const;
const uuidParams = z.object({ uuid: z.uuid() });
const name = nameSchema(BUSINESS_NAME_MAX);
const userRef = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: z.number().int().nullable(),
});
export type BusinessUserRef = z.infer<typeof userRef>;

export const businessFarmSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  use_genetic: z.boolean(),
  timezone: z.string(),
  /** Members limited to this farm (user_farms); members without a pick see every farm. */
  users: z.array(userRef),
});
export type BusinessFarm = z.infer<typeof businessFarmSchema>;

export const businessDatabaseSchema = z.object({
  pk: z.number().int(),
  uuid: z.uuid(),
  name: z.string(),
  server: z.string(),
  db_name: z.string(),
  active: z.boolean(),
  /** What it holds (contract users.ts). */
  kind: databaseKindSchema,
  /** A farm of the same company, or null for the whole company. */
  farm_uuid: z.uuid().nullable(),
  /** Members it is assigned to. */
  users: z.array(userRef),
});
export type BusinessDatabase = z.infer<typeof businessDatabaseSchema>;

export const businessDtmSchema = z.object({
  uuid: z.uuid(),
  company_code: z.string(),
  /** Members it is assigned to (assigned in the admin user card, contract admin-users.ts). */
  users: z.array(userRef),
});
export type BusinessDtm = z.infer<typeof businessDtmSchema>;

export const businessRowSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  farms_count: z.number().int().min(0),
  users_count: z.number().int().min(0),
  databases_count: z.number().int().min(0),
});
export type BusinessRow = z.infer<typeof businessRowSchema>;

export const businessSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  farms: z.array(businessFarmSchema),
  users: z.array(userRef),
  databases: z.array(businessDatabaseSchema),
  /** DTM entries by code. */
  dtm: z.array(businessDtmSchema),
});
export type Business = z.infer<typeof businessSchema>;

export const listBusinesses = defineRoute({
  method: "GET",
  path: "/api/admin/businesses/",
  auth: admins,
  query: z.strictObject({
    /** In the company's or its farms' names (case-insensitive). */
    q: z.string().trim().max(100).default(""),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  response: z.object({
    items: z.array(businessRowSchema),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
  }),
  summary: "Компании (бизнесы) с числом ферм, пользователей и баз",
});

export const getBusiness = defineRoute({
  method: "GET",
  path: "/api/admin/businesses/:uuid/",
  auth: admins,
  params: uuidParams,
  response: businessSchema,
  summary: "Компания: фермы, пользователи, базы данных, коды DTM",
});

/** 409 with fields.name when a company of that name (case-insensitive) exists. */
export const createBusiness = defineRoute({
  method: "POST",
  path: "/api/admin/businesses/",
  auth: admins,
  status: 201,
  body: z.strictObject({ name }),
  response: businessSchema,
  summary: "Создать компанию",
});

/** `user_ids`, when sent, is the full new member list (unknown id → 400 fields.user_ids). */
export const updateBusiness = defineRoute({
  method: "PATCH",
  path: "/api/admin/businesses/:uuid/",
  auth: admins,
  params: uuidParams,
  body: z.strictObject({ name, user_ids: z.array(z.number().int().positive()).max(5000) }).partial(),
  response: businessSchema,
  summary: "Переименовать компанию, задать её пользователей",
});

/** 409 while it has databases. Its farms, memberships and DTM entries go with it. */
export const deleteBusiness = defineRoute({
  method: "DELETE",
  path: "/api/admin/businesses/:uuid/",
  auth: admins,
  status: 204,
  params: uuidParams,
  response: z.void(),
  summary: "Удалить компанию",
});

// ---- farms ----

const timezone = z.string().trim().min(1).max(64).refine(isTimeZone, "Неизвестный часовой пояс");
const farmFields = {
  name,
  use_genetic: z.boolean(),
  timezone,
  /** Members limited to this farm; each must be a member of the farm's company (400 otherwise). */
  user_ids: z.array(z.number().int().positive()).max(5000),
};

export const farmWithCompanySchema = businessFarmSchema.extend({
  company: z.object({ uuid: z.uuid(), name: z.string() }),
});
export type FarmWithCompany = z.infer<typeof farmWithCompanySchema>;

/** 409 with fields.name when the company has a farm of that name. */
export const createFarm = defineRoute({
  method: "POST",
  path: "/api/admin/businesses/:uuid/farms/",
  auth: admins,
  status: 201,
  params: uuidParams,
  body: z.strictObject({
    ...farmFields,
    use_genetic: farmFields.use_genetic.default(false),
    timezone: farmFields.timezone.default("Europe/Moscow"),
    user_ids: farmFields.user_ids.default([]),
  }),
  response: farmWithCompanySchema,
  summary: "Добавить ферму компании",
});

export const getFarm = defineRoute({
  method: "GET",
  path: "/api/admin/farms/:uuid/",
  auth: admins,
  params: uuidParams,
  response: farmWithCompanySchema,
  summary: "Ферма",
});

export const updateFarm = defineRoute({
  method: "PATCH",
  path: "/api/admin/farms/:uuid/",
  auth: admins,
  params: uuidParams,
  body: z.strictObject(farmFields).partial(),
  response: farmWithCompanySchema,
  summary: "Изменить ферму",
});

/** 409 while a database is tied to it. */
export const deleteFarm = defineRoute({
  method: "DELETE",
  path: "/api/admin/farms/:uuid/",
  auth: admins,
  status: 204,
  params: uuidParams,
  response: z.void(),
  summary: "Удалить ферму",
});

// ---- user databases ----

const databaseFields = {
  name,
  server: z.string().trim().min(1).max(DATABASE_FIELD_MAX),
  db_name: z
    .string()
    .trim()
    .min(1)
    .max(DATABASE_FIELD_MAX)
    .regex(/^[\w.-]+$/, "Только латинские буквы, цифры и символы _ . -"),
  active: z.boolean(),
  /** Required for a new database: the admin says what it holds. */
  kind: databaseKindSchema,
  farm_uuid: z.uuid().nullable(),
  /** Members it is assigned to; each must be a member of its company (400 otherwise). */
  user_ids: z.array(z.number().int().positive()).max(5000),
};

/** 409 with fields.db_name when server + db_name is registered already. */
export const createDatabase = defineRoute({
  method: "POST",
  path: "/api/admin/businesses/:uuid/databases/",
  auth: admins,
  status: 201,
  params: uuidParams,
  body: z.strictObject({
    ...databaseFields,
    active: databaseFields.active.default(true),
    farm_uuid: databaseFields.farm_uuid.default(null),
    user_ids: databaseFields.user_ids.default([]),
  }),
  response: businessDatabaseSchema,
  summary: "Зарегистрировать базу данных компании",
});

export const updateDatabase = defineRoute({
  method: "PATCH",
  path: "/api/admin/databases/:uuid/",
  auth: admins,
  params: uuidParams,
  body: z.strictObject(databaseFields).partial(),
  response: businessDatabaseSchema,
  summary: "Изменить базу данных, её доступ; включить или отключить",
});

// ---- DTM entries: listed in getBusiness (like databases); assigned to members in the admin user card ----

/** 409 with fields.company_code when the company has that code already. */
export const createDtmEntry = defineRoute({
  method: "POST",
  path: "/api/admin/businesses/:uuid/dtm/",
  auth: admins,
  status: 201,
  params: uuidParams,
  body: z.strictObject({ company_code: dtmCompanyCodeSchema }),
  response: businessDtmSchema,
  summary: "Добавить код DTM компании",
});

/** 409 with fields.company_code when another entry of the company has that code. Assignments stay. */
export const updateDtmEntry = defineRoute({
  method: "PATCH",
  path: "/api/admin/dtm/:uuid/",
  auth: admins,
  params: uuidParams,
  body: z.strictObject({ company_code: dtmCompanyCodeSchema }),
  response: businessDtmSchema,
  summary: "Изменить код DTM",
});

/** Users it was assigned to lose it. */
export const deleteDtmEntry = defineRoute({
  method: "DELETE",
  path: "/api/admin/dtm/:uuid/",
  auth: admins,
  status: 204,
  params: uuidParams,
  response: z.void(),
  summary: "Удалить код DTM",
});

/** Business users: clients (role 7) and every other member of a company, with what each is given. */
export const businessUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: z.number().int().nullable(),
  is_active: z.boolean(),
  companies: z.array(z.object({ uuid: z.uuid(), name: z.string() })),
  /** Farms picked for them (empty = every farm of their companies). */
  farms: z.array(z.object({ uuid: z.uuid(), name: z.string() })),
  databases: z.array(z.object({ uuid: z.uuid(), name: z.string(), active: z.boolean() })),
  reports_count: z.number().int().min(0),
  iframe_groups_count: z.number().int().min(0),
});
export type BusinessUser = z.infer<typeof businessUserSchema>;

export const listBusinessUsers = defineRoute({
  method: "GET",
  path: "/api/admin/business-users/",
  auth: admins,
  query: z.strictObject({
    q: z.string().trim().max(100).default(""),
    company_uuid: z.uuid().optional(),
    /** Only clients (role 7): the default, as the page is about them. */
    clients_only: z.enum(["true", "false"]).default("true"),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  response: z.object({
    items: z.array(businessUserSchema),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
  }),
  summary: "Пользователи компаний: компании, фермы, базы, отчёты",
});
