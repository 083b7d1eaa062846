import { z } from "zod";
import { defineRoute } from "./http.ts";
import { ADMIN_ROLES, type RoleId, roleIdSchema } from "./roles.ts";

// ---- administration: users, roles, the audit log (issue 6 items 4 and 8) ----
//
// Every route here is for superusers and role 1 (ADMIN_ROLES): others 403, anonymous 401. Only a
// superuser may make or unmake a superuser, or edit a superuser (an admin gets 403 then). Every
// change is written to the audit log (who, what, when, before → after) in its transaction.
// Deactivating a user ends every session of theirs and closes their sockets at once, on every
// instance; an admin cannot deactivate themselves (409).

export const ADMIN_USERS_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE = 50;

const id = z.number().int().positive();
const isoDate = z.iso.datetime();
const roleId = roleIdSchema;
const admins = { roles: ADMIN_ROLES } as const;

/** The module flags an admin switches (spec §3 user data). */
export const userModulesSchema = z.object({
  dc_305: z.boolean(),
  export_module: z.boolean(),
  use_bi: z.boolean(),
  /** Boards, lists and tables also need a company (tables: not a client); off takes them away. */
  boards: z.boolean(),
  table_lists: z.boolean(),
  tables_enabled: z.boolean(),
});
export type UserModules = z.infer<typeof userModulesSchema>;

export const MODULE_NAMES: Record<keyof UserModules, string> = {
  dc_305: "Загрузка DC305",
  export_module: "Выгрузка данных",
  use_bi: "BI-отчёты",
  boards: "Доски задач",
  table_lists: "Списки",
  tables_enabled: "Таблицы",
};

const companyRef = z.object({ uuid: z.uuid(), name: z.string() });

export const adminUserRowSchema = z.object({
  id,
  username: z.string(),
  /** «Имя Фамилия», or the username. */
  name: z.string(),
  email: z.string(),
  /** The first group, or null for none. */
  role: z.number().int().nullable(),
  is_superuser: z.boolean(),
  is_active: z.boolean(),
  companies: z.array(companyRef),
  last_login_at: isoDate.nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/**
 * What an admin gave the user besides companies (issue 6 items 4–6): farms picked within their
 * companies (none = every farm of them), databases and DTM entries of their companies, reports and
 * iframe groups.
 */
export const userAccessSchema = z.object({
  farms: z.array(companyRef.extend({ company_uuid: z.uuid() })),
  databases: z.array(companyRef.extend({ company_uuid: z.uuid(), active: z.boolean() })),
  dtm: z.array(z.object({ uuid: z.uuid(), company_code: z.string(), company_uuid: z.uuid() })),
  reports: z.array(z.object({ uuid: z.uuid(), title: z.string(), active: z.boolean() })),
  iframe_groups: z.array(z.object({ pk: z.number().int(), title: z.string(), active: z.boolean() })),
});
export type UserAccess = z.infer<typeof userAccessSchema>;

export const adminUserSchema = adminUserRowSchema.extend({
  first_name: z.string(),
  last_name: z.string(),
  modules: userModulesSchema,
  access: userAccessSchema,
  created_at: isoDate,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const listAdminUsers = defineRoute({
  method: "GET",
  path: "/api/admin/users/",
  auth: admins,
  query: z.strictObject({
    /** In username, names or email (case-insensitive). */
    q: z.string().trim().max(100).default(""),
    role: z.coerce.number().int().optional(),
    active: z.enum(["all", "active", "inactive"]).default("all"),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  response: z.object({
    items: z.array(adminUserRowSchema),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
  }),
  summary: "Пользователи (поиск, фильтр по роли и активности)",
});

export const getAdminUser = defineRoute({
  method: "GET",
  path: "/api/admin/users/:id/",
  auth: admins,
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: adminUserSchema,
  summary: "Пользователь для администратора",
});

const userFields = {
  username: z
    .string()
    .trim()
    .min(1)
    .max(150)
    .regex(/^[\w.@+-]+$/, "Только буквы, цифры и символы . @ + - _"),
  email: z.email().max(254),
  first_name: z.string().trim().max(150),
  last_name: z.string().trim().max(150),
  /** null = no role. */
  role: roleId.nullable(),
  is_superuser: z.boolean(),
  is_active: z.boolean(),
  company_uuids: z.array(z.uuid()).max(500),
  modules: userModulesSchema.partial(),
  /**
   * Farms, databases and DTM entries must belong to the user's companies (after this change): 400
   * otherwise. Leaving a company takes its farms, databases and DTM entries away.
   */
  farm_uuids: z.array(z.uuid()).max(2000),
  database_uuids: z.array(z.uuid()).max(2000),
  dtm_uuids: z.array(z.uuid()).max(2000),
  /** A report of one company only for its members (400 otherwise). */
  report_uuids: z.array(z.uuid()).max(2000),
  iframe_group_ids: z.array(z.number().int().positive()).max(2000),
};

/**
 * A new user gets no password: a mail with a link to set one goes out (the password reset link).
 * 409 with fields.username / fields.email when taken; unknown company uuid → 400 fields.company_uuids.
 */
export const createAdminUser = defineRoute({
  method: "POST",
  path: "/api/admin/users/",
  auth: admins,
  status: 201,
  body: z.strictObject({
    ...userFields,
    first_name: userFields.first_name.default(""),
    last_name: userFields.last_name.default(""),
    role: userFields.role.default(null),
    is_superuser: userFields.is_superuser.default(false),
    is_active: userFields.is_active.default(true),
    company_uuids: userFields.company_uuids.default([]),
    modules: userFields.modules.default({}),
    farm_uuids: userFields.farm_uuids.default([]),
    database_uuids: userFields.database_uuids.default([]),
    dtm_uuids: userFields.dtm_uuids.default([]),
    report_uuids: userFields.report_uuids.default([]),
    iframe_group_ids: userFields.iframe_group_ids.default([]),
  }),
  response: adminUserSchema,
  summary: "Создать пользователя (пароль он задаст по ссылке из письма)",
});

/** Only the fields sent change. is_active false ends the user's sessions and sockets at once. */
export const updateAdminUser = defineRoute({
  method: "PATCH",
  path: "/api/admin/users/:id/",
  auth: admins,
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.strictObject(userFields).partial(),
  response: adminUserSchema,
  summary: "Изменить пользователя, его роль, компании и модули; включить или отключить",
});

/** Mails the user a link to set a new password (their sessions stay until they use it). */
export const resetAdminUserPassword = defineRoute({
  method: "POST",
  path: "/api/admin/users/:id/password-reset/",
  auth: admins,
  status: 204,
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.void(),
  summary: "Отправить пользователю ссылку для нового пароля",
});

// ---- roles ----

export const ROLE_DESCRIPTIONS: Record<RoleId, string> = {
  1: "Управляет пользователями, ролями, доступом к отчётам и базам данных; видит журнал изменений.",
  2: "Публикует новости, уведомления и инструкции.",
  3: "Работает с данными стада: отчёты, списки, таблицы, доски задач.",
  4: "Работает с данными полей и кормов: отчёты, списки, таблицы, доски задач.",
  5: "Руководит фермой: отчёты, план-факт, списки, таблицы, доски задач.",
  6: "Только просматривает отчёты и данные, ничего не меняет.",
  7: "Клиент: видит отчёты своих компаний по группам и тегам.",
};

export const adminRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Sections the role may open, in Russian, from the menu rules of roles.ts. */
  may_open: z.array(z.string()),
  users_count: z.number().int().min(0),
});
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const listAdminRoles = defineRoute({
  method: "GET",
  path: "/api/admin/roles/",
  auth: admins,
  response: z.array(adminRoleSchema),
  summary: "Роли 1–7: описание, что открывают, сколько пользователей",
});

// ---- the audit log ----

export const auditEntrySchema = z.object({
  id,
  at: isoDate,
  user: z.object({ id, name: z.string() }).nullable(),
  action: z.string(),
  /** The action in Russian. */
  action_text: z.string(),
  ip: z.string().nullable(),
  /** Who or what the entry is about, by name: the user, company, farm or database changed; null for others. */
  subject: z.string().nullable(),
  /** What changed: {id, before, after} for editors' and admins' changes; other actions their own facts. */
  details: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * A day of the audit filter. The earliest is bounded: a year-1 date is a valid ISO date, but its
 * Moscow midnight falls in year 0, which PostgreSQL has no timestamp for.
 */
export const AUDIT_EARLIEST_DAY = "1900-01-01";
const auditDaySchema = z.iso.date().refine((day) => day >= AUDIT_EARLIEST_DAY, "Дата не может быть раньше 01.01.1900");

export const listAudit = defineRoute({
  method: "GET",
  path: "/api/admin/audit/",
  auth: admins,
  query: z.strictObject({
    user_id: z.coerce.number().int().positive().optional(),
    action: z.string().trim().max(64).optional(),
    from: auditDaySchema.optional(),
    to: auditDaySchema.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  response: z.object({
    items: z.array(auditEntrySchema),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
    /** Every action with its Russian name, for the filter. */
    actions: z.array(z.object({ action: z.string(), text: z.string() })),
  }),
  summary: "Журнал изменений (кто, что, когда, было → стало)",
});
