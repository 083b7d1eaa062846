import type { Readable } from "node:stream";
import {
  DTM_EXPORT_MAX,
  DTM_MAX_DAYS,
  DTM_PAGE_SIZE,
  DTM_XLSX_TYPE,
  type DtmTransfers,
  type dtmExportQuerySchema,
} from "@nadoy/contract/dtm";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { pluralRu } from "@nadoy/contract/plural";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { attachmentDisposition } from "../../platform/content-disposition.ts";
import { ApiError } from "../../platform/errors.ts";
import * as repo from "./dtm.repository.ts";
import { transfersXlsx } from "./dtm-export.ts";

// The DTM module (contract dtm.ts): an entry's transfers, per day, as XLSX.

/** The filter (the list's page is its own argument). */
type Query = z.infer<typeof dtmExportQuerySchema>;

/** Rows per database query while the XLSX is written. */
export const EXPORT_BATCH = 2_000;

const DAY_MS = 86_400_000;

const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

function periodError(message: string): ApiError {
  return new ApiError(400, ErrorCode.validation, message, { to: message });
}

/** The entry the caller sees (404 otherwise) and the query as a filter; a bad period is 400. */
async function filterOf(db: Db, caller: AuthUser, uuid: string, query: Query) {
  const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS;
  if (days < 0) throw periodError("Дата окончания периода раньше даты начала");
  if (days > DTM_MAX_DAYS) {
    throw periodError(
      `Период не может быть длиннее ${DTM_MAX_DAYS} ${pluralRu(DTM_MAX_DAYS, ["дня", "дней", "дней"])}`,
    );
  }
  const entry = await repo.findEntry(db, caller, uuid);
  if (!entry) throw notFound();
  const filter: repo.TransferFilter = {
    companyId: entry.companyId,
    code: entry.companyCode,
    from: query.from,
    to: query.to,
    kind: query.kind,
    result: query.result,
    keyUuid: query.key,
  };
  return { entry, filter };
}

export interface DtmFile {
  body: Readable;
  contentType: string;
  disposition: string;
}

export function createDtmService(db: Db) {
  return {
    async transfers(caller: AuthUser, uuid: string, query: Query & { page: number }): Promise<DtmTransfers> {
      const { entry, filter } = await filterOf(db, caller, uuid, query);
      const [total, items, perDay, keys] = await Promise.all([
        repo.countTransfers(db, filter),
        repo.transfers(db, filter, DTM_PAGE_SIZE, (query.page - 1) * DTM_PAGE_SIZE),
        repo.perDay(db, filter),
        repo.entryKeys(db, entry.companyId, entry.companyCode),
      ]);
      return {
        entry: { uuid: entry.uuid, company_code: entry.companyCode, company: entry.companyName },
        total,
        page: query.page,
        page_size: DTM_PAGE_SIZE,
        items: items.map((row) => ({
          id: Number(row.id),
          at: new Date(row.at).toISOString(),
          key: { uuid: row.key_uuid, name: row.key_name, hint: row.key_hint },
          ip: row.ip,
          kind: row.kind,
          database: row.database_name,
          rows_received: row.rows_received,
          rows_accepted: row.rows_accepted,
          rows_rejected: row.rows_rejected,
          result: row.result,
          first_errors: typeof row.first_errors === "string" ? JSON.parse(row.first_errors) : row.first_errors,
          error: row.error,
        })),
        per_day: perDay,
        keys,
      };
    },

    /** Checked (entry, period) before the file starts streaming: a refusal is a JSON answer. */
    async export(caller: AuthUser, uuid: string, query: Query): Promise<DtmFile> {
      const { entry, filter } = await filterOf(db, caller, uuid, query);
      return {
        body: transfersXlsx(repo.transferBatches(db, filter, EXPORT_BATCH, DTM_EXPORT_MAX)),
        contentType: DTM_XLSX_TYPE,
        disposition: attachmentDisposition(
          `Передачи ${entry.companyCode} ${filter.from} — ${filter.to}.xlsx`,
          "dtm-transfers",
        ),
      };
    },
  };
}
