import { z } from "zod";
import { defineRoute } from "./http.ts";
import { ADMIN_ROLES } from "./roles.ts";

// ---- usage and data analytics for admins (issue 6 item 7) ----
//
// /user-reports reads the shell's page hits (analytics.ts) by user, section and day; /analytics-db
// shows each user database's upload statistics (the data-import work fills them; until then every
// database shows none). Superusers and role 1 only: others 403, anonymous 401.

/** The longest period one request may cover. */
export const USAGE_MAX_DAYS = 366;
export const USAGE_TOP_USERS = 50;

/**
 * The section of a path: its first segment ("/services/report/1/x" → "/services"), "/" for the
 * home page. Hits are grouped by it; the web app names sections from its route registry.
 */
export function pageSection(path: string): string {
  const first = path
    .split(/[?#]/)[0]
    ?.split("/")
    .find((s) => s !== "");
  return first ? `/${first}` : "/";
}

const isoDay = z.iso.date();

export const usageQuerySchema = z.strictObject({
  /** Inclusive days in Europe/Moscow; `to - from` at most USAGE_MAX_DAYS (400 otherwise). */
  from: isoDay,
  to: isoDay,
  user_id: z.coerce.number().int().positive().optional(),
  /** A section as pageSection gives it. */
  section: z.string().trim().max(100).optional(),
});
export type UsageQuery = z.infer<typeof usageQuerySchema>;

export const usageReportSchema = z.object({
  total: z.number().int().min(0),
  users_count: z.number().int().min(0),
  /** Every day of the period, zeros included, oldest first. */
  by_day: z.array(z.object({ day: isoDay, hits: z.number().int().min(0), users: z.number().int().min(0) })),
  /** Most hits first. */
  by_section: z.array(z.object({ section: z.string(), hits: z.number().int().min(0) })),
  /** The USAGE_TOP_USERS most active, most hits first; a deleted user's hits under null. */
  by_user: z.array(
    z.object({
      user: z.object({ id: z.number().int(), name: z.string(), username: z.string() }).nullable(),
      hits: z.number().int().min(0),
      last_at: z.iso.datetime(),
    }),
  ),
});
export type UsageReport = z.infer<typeof usageReportSchema>;

const admins = { roles: ADMIN_ROLES } as const;

export const getUsageReport = defineRoute({
  method: "GET",
  path: "/api/admin/usage/",
  auth: admins,
  query: usageQuerySchema,
  response: usageReportSchema,
  summary: "Посещаемость: по дням, разделам и пользователям",
});

/**
 * XLSX, streamed: sheet «По дням» (день, пользователь, раздел, переходы — every non-zero triple)
 * and «По разделам». Same query and rules as getUsageReport.
 */
export const exportUsageReport = defineRoute({
  method: "GET",
  path: "/api/admin/usage/export/",
  auth: admins,
  query: usageQuerySchema,
  response: z.unknown(),
  summary: "Посещаемость в XLSX",
});

export const USAGE_XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// ---- /analytics-db ----

export const databaseUploadStatsSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  server: z.string(),
  db_name: z.string(),
  active: z.boolean(),
  company: z.object({ uuid: z.uuid(), name: z.string() }),
  /** Its committed herd uploads (herd_uploads): how many, the last one, their rows; 0 and null without any. */
  uploads_count: z.number().int().min(0),
  last_upload_at: z.iso.datetime().nullable(),
  rows_total: z.number().int().min(0),
});
export type DatabaseUploadStats = z.infer<typeof databaseUploadStatsSchema>;

export const getDatabaseAnalytics = defineRoute({
  method: "GET",
  path: "/api/admin/analytics-db/",
  auth: admins,
  response: z.array(databaseUploadStatsSchema),
  summary: "Статистика загрузок по базам данных",
});
