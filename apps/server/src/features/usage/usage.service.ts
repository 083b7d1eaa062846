import type { Readable } from "node:stream";
import { ErrorCode } from "@nadoy/contract/errors";
import { pluralRu } from "@nadoy/contract/plural";
import {
  type DatabaseUploadStats,
  USAGE_MAX_DAYS,
  USAGE_TOP_USERS,
  USAGE_XLSX_TYPE,
  type UsageQuery,
  type UsageReport,
} from "@nadoy/contract/usage";
import type { Db } from "../../db/client.ts";
import { attachmentDisposition } from "../../platform/content-disposition.ts";
import { ApiError } from "../../platform/errors.ts";
import * as repo from "./usage.repository.ts";
import { usageXlsx } from "./usage-export.ts";
import { personOf } from "./usage-names.ts";

/** Rows per database query while the XLSX is written. */
export const EXPORT_BATCH = 5_000;

const DAY_MS = 86_400_000;

/** The largest user id the database holds (users.id is a PostgreSQL integer). */
const USER_ID_MAX = 2_147_483_647;

function fieldError(field: "from" | "to" | "user_id" | "section", message: string): ApiError {
  return new ApiError(400, ErrorCode.validation, message, { [field]: message });
}

/** The query as a filter; a reversed or too long period is a 400 `{code, message}` in Russian. */
export function filterOf(query: UsageQuery): repo.UsageFilter {
  const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS;
  if (days < 0) throw fieldError("to", "Дата окончания периода раньше даты начала");
  if (days > USAGE_MAX_DAYS) {
    throw fieldError(
      "to",
      `Период не может быть длиннее ${USAGE_MAX_DAYS} ${pluralRu(USAGE_MAX_DAYS, ["дня", "дней", "дней"])}`,
    );
  }
  // Refused here, not by the database: the export has started streaming when its query runs.
  if (query.user_id !== undefined && query.user_id > USER_ID_MAX) {
    throw fieldError("user_id", "Нет такого пользователя");
  }
  const section = query.section?.trim();
  if (section?.includes("\u0000")) throw fieldError("section", "Недопустимый символ в разделе");
  return { from: query.from, to: query.to, userId: query.user_id, section: section ? section : undefined };
}

export interface UsageFile {
  body: Readable;
  contentType: string;
  disposition: string;
}

export function createUsageService(db: Db) {
  return {
    async report(query: UsageQuery): Promise<UsageReport> {
      const filter = filterOf(query);
      const [totals, byDay, bySection, byUser] = await Promise.all([
        repo.totals(db, filter),
        repo.byDay(db, filter),
        repo.bySection(db, filter),
        repo.byUser(db, filter, USAGE_TOP_USERS),
      ]);
      return {
        total: totals.total,
        users_count: totals.users,
        by_day: byDay,
        by_section: bySection.map(({ section, hits }) => ({ section, hits })),
        by_user: byUser.map((row) => ({ user: personOf(row), hits: row.hits, last_at: row.lastAt })),
      };
    },

    export(query: UsageQuery): UsageFile {
      const filter = filterOf(query);
      return {
        body: usageXlsx({
          daily: repo.dailyRows(db, filter, EXPORT_BATCH),
          sections: () => repo.bySection(db, filter),
        }),
        contentType: USAGE_XLSX_TYPE,
        disposition: attachmentDisposition(`Посещаемость ${filter.from} — ${filter.to}.xlsx`, "usage"),
      };
    },

    async databases(): Promise<DatabaseUploadStats[]> {
      const rows = await repo.listDatabases(db);
      return rows.map((row) => ({
        uuid: row.uuid,
        name: row.name,
        server: row.server,
        db_name: row.dbName,
        active: row.active,
        company: { uuid: row.companyUuid, name: row.companyName },
        uploads_count: row.uploadsCount,
        last_upload_at: row.lastUploadAt,
        rows_total: row.rowsTotal,
      }));
    },
  };
}
