import { z } from "zod";
import { defineRoute } from "./http.ts";

// ---- monitoring ingestion over HTTP (issue 19, DOMAIN.md "Equipment and power monitoring") ----
//
// POST /api/monitoring/ingest/ with `Authorization: Key <key>`: a key of scope `ingest` (contract
// keys.ts), which names the monitoring database the readings go into. No session, no cookies.
//
// Body, either:
// - JSON `{"readings": [{"series_id": 12, "ts": "2026-03-01T07:30:00+07:00", "value": 4.2},
//   {"series_id": 13, "ts": "…", "state": "on"}, …]}`: a numeric series takes value, a state
//   channel state;
// - CSV (Content-Type text/csv, UTF-8, comma-separated) with the header `series_id,ts,value` or
//   `series_id,ts,value,state`; an empty cell is absent. Index 0 is the first line after the header.
// At most INGEST_ROWS_MAX rows and INGEST_BYTES_MAX bytes a batch: more → 413, nothing written.
//
// Mode: partial acceptance. Every row is checked on its own (a known series of this database, a
// time ISO 8601 with an offset, not before 2000 nor more than a day ahead, a value or a state as
// the series wants); the good rows are written, the bad ones answered by index with a Russian
// reason. A reading is keyed by series and time: sending a batch again changes nothing, a later
// value for the same series and time replaces the earlier one. 200 whatever the rows: read
// `rejected`. Every batch is recorded in the transfer log (key, database, address, counts, the
// first errors), which the DTM module shows.
//
// Refusals: no key or an unknown one 401 key_invalid, revoked 401 key_revoked, expired 401
// key_expired (nothing written, nothing logged); a key of another scope 403 key_wrong_scope; a
// body that is not such JSON or CSV 400.

export const INGEST_ROWS_MAX = 10_000;
/** The 413 of a batch over INGEST_ROWS_MAX (HTTP and MQTT). */
export const INGEST_ROWS_OVER_TEXT = `В одной пачке не больше ${INGEST_ROWS_MAX.toLocaleString("ru-RU")} показаний: разделите её на части`;
/** 2 MiB: 10,000 JSON rows of ~80 bytes fit with room to spare. */
export const INGEST_BYTES_MAX = 2 * 1024 * 1024;
export const INGEST_CSV_CONTENT_TYPE = "text/csv";
/** Rejected rows kept in the transfer log per batch (the answer has them all). */
export const TRANSFER_LOG_ERRORS_KEPT = 20;

export const ingestBodySchema = z.strictObject({
  /** Each row is checked on its own (see above), so the schema takes any values. */
  readings: z.array(z.unknown()),
});

export const ingestResultSchema = z.object({
  accepted: z.number().int().min(0),
  rejected: z.array(z.object({ index: z.number().int().min(0), message: z.string() })),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

export const ingestReadingsRoute = defineRoute({
  method: "POST",
  path: "/api/monitoring/ingest/",
  auth: { key: "ingest" },
  body: ingestBodySchema,
  response: ingestResultSchema,
  bodyLimit: INGEST_BYTES_MAX,
  rateLimit: { max: 120, timeWindowMs: 60_000 },
  summary:
    "Приём показаний мониторинга по ключу (JSON или CSV): хорошие строки записываются, плохие возвращаются по номерам",
});

/**
 * GET /api/monitoring/ingest/series/ with the same key: the series of the key's database, so that a
 * gateway (or `npm run monitoring:simulate`) learns the ids to send and what each one takes.
 */
export const ingestSeriesSchema = z.object({
  series: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(["sensor", "state", "energy", "power"]),
      name: z.string(),
      unit: z.string().nullable(),
      low: z.number().nullable(),
      high: z.number().nullable(),
      /** A state channel's state codes (what `state` may be). */
      states: z.array(z.object({ code: z.string(), name: z.string() })).nullable(),
    }),
  ),
});
export type IngestSeries = z.infer<typeof ingestSeriesSchema>;

export const ingestSeriesRoute = defineRoute({
  method: "GET",
  path: "/api/monitoring/ingest/series/",
  auth: { key: "ingest" },
  response: ingestSeriesSchema,
  summary: "Ряды базы мониторинга ключа: номера, виды, единицы, пороги и состояния — для настройки шлюза",
});
