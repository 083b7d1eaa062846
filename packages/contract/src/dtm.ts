import { z } from "zod";
import { defineRoute } from "./http.ts";

// ---- DTM module (issue 19, spec §2 /services/dtm_module/:uuid?, DOMAIN.md "DTM module") ----
//
// A DTM entry is a company code: one on-farm data-transfer agent of the company. A key of the
// key generator (keys.ts) may be bound to a code when it is made; every batch such a key sends
// (monitoring readings, herd uploads) is in the transfer log under that code. The entry's page
// lists them: when, which key, from where, what, how many rows, the result and the first errors,
// with a chart of transfers per day and an XLSX of what is filtered.
//
// Who: whoever sees the entry (users/data `dtm`: given to them and of their company; superusers
// every one). Another entry, or an unknown one, is 404. The transfers of an entry are those of
// keys of its company bound to its code.

export const TRANSFER_KINDS = ["ingest", "herd_upload"] as const;
export const transferKindSchema = z.enum(TRANSFER_KINDS);
export type TransferKind = z.infer<typeof transferKindSchema>;
export const TRANSFER_KIND_LABELS: Record<TransferKind, string> = {
  ingest: "Показания мониторинга",
  herd_upload: "Загрузка данных стада",
};

/**
 * ok: every row accepted; partial: some refused; failed: none accepted; refused: the whole batch
 * was refused before its rows were read (`error` says why).
 */
export const TRANSFER_RESULTS = ["ok", "partial", "failed", "refused"] as const;
export const transferResultSchema = z.enum(TRANSFER_RESULTS);
export type TransferResult = z.infer<typeof transferResultSchema>;
export const TRANSFER_RESULT_LABELS: Record<TransferResult, string> = {
  ok: "Успешно",
  partial: "Частично",
  failed: "Ошибка",
  refused: "Отклонено",
};

/**
 * The log's clock: its days (the period, the chart) are Moscow days, and its times are Moscow
 * times on the page and in the XLSX alike, marked «МСК», whatever the browser's zone.
 */
export const DTM_TIME_ZONE = "Europe/Moscow";

export const DTM_PAGE_SIZE = 50;
/** The longest period one request may cover, in days. */
export const DTM_MAX_DAYS = 366;
/** The most rows one XLSX holds (the newest of the filter). */
export const DTM_EXPORT_MAX = 100_000;

const isoDay = z.iso.date();

export const dtmTransfersQuerySchema = z.strictObject({
  /** Inclusive days in Europe/Moscow; `to - from` at most DTM_MAX_DAYS (400 otherwise). */
  from: isoDay,
  to: isoDay,
  kind: transferKindSchema.optional(),
  result: transferResultSchema.optional(),
  /** A key's uuid. */
  key: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type DtmTransfersQuery = z.input<typeof dtmTransfersQuerySchema>;

/** The XLSX takes the list's filter without its page. */
export const dtmExportQuerySchema = dtmTransfersQuerySchema.omit({ page: true });
export type DtmExportQuery = z.input<typeof dtmExportQuerySchema>;

export const dtmTransferSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  /** The batches of a key deleted with its database leave the entry's log with it. */
  key: z.object({ uuid: z.uuid(), name: z.string(), hint: z.string() }),
  ip: z.string().nullable(),
  kind: transferKindSchema,
  /** The database the batch went into; null once it is deleted. */
  database: z.string().nullable(),
  rows_received: z.number().int(),
  rows_accepted: z.number().int(),
  rows_rejected: z.number().int(),
  result: transferResultSchema,
  /** The first refused rows (index in the batch, from 0). */
  first_errors: z.array(z.object({ index: z.number().int(), message: z.string() })),
  /** A refused batch's answer. */
  error: z.string().nullable(),
});
export type DtmTransfer = z.infer<typeof dtmTransferSchema>;

const count = z.number().int().min(0);

export const dtmTransfersSchema = z.object({
  entry: z.object({ uuid: z.uuid(), company_code: z.string(), company: z.string() }),
  total: count,
  page: z.number().int(),
  page_size: z.number().int(),
  /** Newest first. */
  items: z.array(dtmTransferSchema),
  /** Every day of the period (zeros included), oldest first, counted by result. */
  per_day: z.array(z.object({ day: isoDay, ok: count, partial: count, failed: count, refused: count })),
  /** The company's keys bound to this code (for the key filter), revoked ones too, by name. */
  keys: z.array(z.object({ uuid: z.uuid(), name: z.string(), hint: z.string() })),
});
export type DtmTransfers = z.infer<typeof dtmTransfersSchema>;

const params = z.object({ uuid: z.uuid() });

export const getDtmTransfers = defineRoute({
  method: "GET",
  path: "/api/dtm/:uuid/transfers/",
  auth: "user",
  params,
  query: dtmTransfersQuerySchema,
  response: dtmTransfersSchema,
  summary: "Передачи данных по коду DTM: список, по дням, ключи",
});

export const exportDtmTransfers = defineRoute({
  method: "GET",
  path: "/api/dtm/:uuid/transfers/export/",
  auth: "user",
  params,
  query: dtmExportQuerySchema,
  response: z.unknown(),
  summary: "Передачи данных по коду DTM в XLSX",
});

export const DTM_XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
