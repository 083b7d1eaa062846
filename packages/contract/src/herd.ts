import { z } from "zod";
import { defineRoute } from "./http.ts";

// ---- herd data (issue 17): animals, lactations, events, test days of a herd database ----
//
// Who may do what (checked on the server):
// - read (animals, card, events, datasets, upload history): users given the database (and
//   superusers), the database of kind "herd" and active; viewers (role 6) and clients (role 7) read;
// - upload and commit: the same users except roles 6 and 7 (403); a DC305 file also wants the
//   user's `dc_305` flag (403 without it);
// - another company's database, upload or animal, or a database not given: 404.
// Identity (HERD.md "Identity"): an animal is its barn number with its birth date, or its ear tag
// when the file has one — never the barn number alone (numbers are reused after a cow leaves).

export const HERD_PAGE_SIZE = 50;
/** Default largest upload (bytes); the server's HERD_UPLOAD_MAX_BYTES setting overrides it. */
export const HERD_UPLOAD_BYTES_DEFAULT = 200 * 1024 * 1024;
/** Row errors returned with a preview or a commit (the count is always whole; all: downloadHerdUploadRefused). */
export const HERD_UPLOAD_ERRORS_MAX = 200;

/** Where an animal is now: derived from exit, lactation and dry dates at each merge. */
export const HERD_ANIMAL_STATUSES = ["milking", "dry", "heifer", "sold", "died"] as const;
export const herdAnimalStatusSchema = z.enum(HERD_ANIMAL_STATUSES);
export type HerdAnimalStatus = z.infer<typeof herdAnimalStatusSchema>;
export const HERD_ANIMAL_STATUS_LABELS: Record<HerdAnimalStatus, string> = {
  milking: "Дойная",
  dry: "Сухостойная",
  heifer: "Тёлка",
  sold: "Продана",
  died: "Пала",
};

/**
 * Russian names of DC305's built-in events and the common health events (HERD.md). An event
 * whose code is not here is kept and shown as its code.
 */
export const HERD_EVENT_NAMES: Record<string, string> = {
  FRESH: "Отёл",
  OK: "Допущена к осеменению",
  HEAT: "Охота",
  BRED: "Осеменение",
  PREG: "Стельность подтверждена",
  PREV: "Повторная проверка стельности",
  OPEN: "Нестельная",
  MOVE: "Перевод в группу",
  DRY: "Запуск",
  ABORT: "Аборт",
  DNB: "Не осеменять",
  SOLD: "Продана",
  DIED: "Пала",
  CHECK: "Осмотр",
  MAST: "Мастит",
  LAME: "Хромота",
  FOOTRIM: "Расчистка копыт",
  FTRIM: "Расчистка копыт",
  KETOSIS: "Кетоз",
  METR: "Метрит",
  RP: "Задержание последа",
  DA: "Смещение сычуга",
  MF: "Родильный парез",
  PNEU: "Пневмония",
  SCOUR: "Диарея",
  TEST: "Контрольная дойка",
};

/** The Russian name of an event code, or the code itself when unknown. */
export function herdEventName(code: string): string {
  return HERD_EVENT_NAMES[code.toUpperCase()] ?? code;
}

const isoDay = z.iso.date();
const dbParams = z.object({ db_uuid: z.uuid() });

// ---- animals ----

export const herdAnimalsQuerySchema = z.strictObject({
  status: herdAnimalStatusSchema.optional(),
  lact: z.coerce.number().int().min(0).max(30).optional(),
  pen: z.string().trim().max(50).optional(),
  dim_from: z.coerce.number().int().min(-1000).max(5000).optional(),
  dim_to: z.coerce.number().int().min(-1000).max(5000).optional(),
  /** A barn number (exact) or the start of an ear tag. */
  q: z.string().trim().max(50).optional(),
  /** A saved segment's uuid (herd-segments.ts): only its animals (404 when the caller cannot see it). */
  segment: z.uuid().optional(),
  /** A segment rule as DC305-style text (herd-segment-rule.ts), as the builder's live count takes it; 400 with the position. */
  rule: z.string().max(2000).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export type HerdAnimalsQuery = z.infer<typeof herdAnimalsQuerySchema>;

export const herdAnimalRowSchema = z.object({
  uuid: z.uuid(),
  barn_number: z.string(),
  ear_tag: z.string().nullable(),
  birth_date: isoDay.nullable(),
  breed: z.string().nullable(),
  status: herdAnimalStatusSchema,
  /** Current lactation number; 0 for a heifer. */
  lact: z.number().int().min(0),
  pen: z.string().nullable(),
  /**
   * Days in milk: today − fresh date for milking and dry cows (DC305 counts on through the dry
   * period; the list's dim_from/dim_to filter these), at the exit for sold and died; null for
   * heifers and animals without a fresh date.
   */
  dim: z.number().int().nullable(),
  /** DC305 reproductive code 0–7 (HERD.md), null when unknown. */
  rc: z.number().int().min(0).max(7).nullable(),
  fresh_date: isoDay.nullable(),
  exit_date: isoDay.nullable(),
});
export type HerdAnimalRow = z.infer<typeof herdAnimalRowSchema>;

export const herdAnimalsPageSchema = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  items: z.array(herdAnimalRowSchema),
});
export type HerdAnimalsPage = z.infer<typeof herdAnimalsPageSchema>;

export const herdEventSchema = z.object({
  id: z.number().int(),
  date: isoDay,
  code: z.string(),
  /** herdEventName(code). */
  name: z.string(),
  lact: z.number().int().min(0),
  dim: z.number().int().nullable(),
  remark: z.string(),
  protocol: z.string(),
  technician: z.string(),
});
export type HerdEvent = z.infer<typeof herdEventSchema>;

export const herdTestDaySchema = z.object({
  date: isoDay,
  lact: z.number().int().min(0),
  dim: z.number().int().nullable(),
  milk_kg: z.number().nullable(),
  fat_pct: z.number().nullable(),
  protein_pct: z.number().nullable(),
  /** Somatic cells, thousands per ml. */
  scc: z.number().nullable(),
});
export type HerdTestDay = z.infer<typeof herdTestDaySchema>;

export const herdLactationSchema = z.object({
  lact: z.number().int().min(1),
  fresh_date: isoDay,
  dry_date: isoDay.nullable(),
  /** The next fresh date, the exit date, or null while it goes on. */
  end_date: isoDay.nullable(),
  /**
   * Test-day milk integrated over the lactation, kg (ICAR test-interval method): trapezoids between
   * test days, the first test's milk back to the fresh date, the last one's on to the dry date (or
   * the exit), never past the last test of a lactation that goes on; null without test days.
   */
  milk_kg: z.number().nullable(),
});
export type HerdLactation = z.infer<typeof herdLactationSchema>;

export const herdAnimalCardSchema = herdAnimalRowSchema.extend({
  sire: z.string().nullable(),
  dam: z.string().nullable(),
  exit_reason: z.string().nullable(),
  /** Items of the files that have no column of their own (name → last value). */
  attributes: z.record(z.string(), z.string()),
  lactations: z.array(herdLactationSchema),
  /** Newest first. */
  events: z.array(herdEventSchema),
  /** Oldest first. */
  test_days: z.array(herdTestDaySchema),
});
export type HerdAnimalCard = z.infer<typeof herdAnimalCardSchema>;

export const listHerdAnimals = defineRoute({
  method: "GET",
  path: "/api/herd/:db_uuid/animals/",
  auth: "user",
  params: dbParams,
  query: herdAnimalsQuerySchema,
  response: herdAnimalsPageSchema,
  summary: "Животные базы стада: фильтры и страницы",
});

export const getHerdAnimal = defineRoute({
  method: "GET",
  path: "/api/herd/:db_uuid/animals/:animal_uuid/",
  auth: "user",
  params: z.object({ db_uuid: z.uuid(), animal_uuid: z.uuid() }),
  response: herdAnimalCardSchema,
  summary: "Карточка животного: лактации, события, контрольные дойки",
});

// ---- events ----

export const herdEventsQuerySchema = z.strictObject({
  code: z.string().trim().toUpperCase().max(20).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export type HerdEventsQuery = z.infer<typeof herdEventsQuerySchema>;

export const herdEventsPageSchema = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  items: z.array(herdEventSchema.extend({ animal: z.object({ uuid: z.uuid(), barn_number: z.string() }) })),
});
export type HerdEventsPage = z.infer<typeof herdEventsPageSchema>;

export const listHerdEvents = defineRoute({
  method: "GET",
  path: "/api/herd/:db_uuid/events/",
  auth: "user",
  params: dbParams,
  query: herdEventsQuerySchema,
  response: herdEventsPageSchema,
  summary: "События базы стада",
});

// ---- uploads ----

export const HERD_UPLOAD_FORMATS = ["dc305", "spreadsheet"] as const;
export const herdUploadFormatSchema = z.enum(HERD_UPLOAD_FORMATS);
/** What a file holds: a DC305 EVENTS list, a DC305 LIST/SHOW item export, or a spreadsheet's kind. */
export const HERD_UPLOAD_KINDS = ["events", "items", "animals", "test_days"] as const;
export const herdUploadKindSchema = z.enum(HERD_UPLOAD_KINDS);
export type HerdUploadKind = z.infer<typeof herdUploadKindSchema>;
export const HERD_UPLOAD_KIND_LABELS: Record<HerdUploadKind, string> = {
  events: "События (EVENTS)",
  items: "Показатели животных (LIST/SHOW)",
  animals: "Животные",
  test_days: "Контрольные дойки",
};
export const HERD_UPLOAD_STATUSES = ["staged", "committed", "failed", "cancelled"] as const;
export const herdUploadStatusSchema = z.enum(HERD_UPLOAD_STATUSES);
export type HerdUploadStatus = z.infer<typeof herdUploadStatusSchema>;
export const HERD_UPLOAD_STATUS_LABELS: Record<HerdUploadStatus, string> = {
  staged: "Проверен, не записан",
  committed: "Записан",
  failed: "Ошибка",
  cancelled: "Отменён",
};

/** The server's phases of a long upload or commit, shown after the bytes are sent. */
export const HERD_UPLOAD_PHASES = ["read", "check", "write", "done"] as const;
export const HERD_UPLOAD_PHASE_LABELS: Record<(typeof HERD_UPLOAD_PHASES)[number], string> = {
  read: "Чтение файла",
  check: "Проверка",
  write: "Запись",
  done: "Готово",
};

/** What a spreadsheet holds (herd-spreadsheet.ts has its fields): the kind of a spreadsheet upload. */
export const HERD_SPREADSHEET_KINDS = ["animals", "events", "test_days"] as const;
export const herdSpreadsheetKindSchema = z.enum(HERD_SPREADSHEET_KINDS);
export type HerdSpreadsheetKind = z.infer<typeof herdSpreadsheetKindSchema>;

export const herdUploadQuerySchema = z.strictObject({
  format: herdUploadFormatSchema,
  /** format=spreadsheet: what the table holds (400 without it). */
  kind: herdSpreadsheetKindSchema.optional(),
  /** The file's name as the user chose it. */
  name: z.string().trim().min(1).max(255),
  /** A uuid the browser makes, to ask for this upload's progress while the request runs. */
  progress_id: z.uuid().optional(),
});

export const herdUploadErrorSchema = z.object({ line: z.number().int().min(0), message: z.string() });

export const herdUploadCountsSchema = z.object({
  rows: z.number().int().min(0),
  animals_new: z.number().int().min(0),
  animals_changed: z.number().int().min(0),
  animals_unchanged: z.number().int().min(0),
  events_new: z.number().int().min(0),
  events_unchanged: z.number().int().min(0),
  test_days_new: z.number().int().min(0),
  /** Test days the herd has for the same animal and day with other values: the file's replace them. */
  test_days_changed: z.number().int().min(0),
  test_days_unchanged: z.number().int().min(0),
  /** Rows refused (each in errors, up to HERD_UPLOAD_ERRORS_MAX). */
  rows_refused: z.number().int().min(0),
  /** Rows whose event repeats an earlier row's exactly (written once): «Повторы в файле». */
  rows_repeated: z.number().int().min(0),
});
export type HerdUploadCounts = z.infer<typeof herdUploadCountsSchema>;

/**
 * The file adds nothing to the herd: no new or changed animal, event or test day (a re-upload).
 * Its commit writes nothing, and the page offers none.
 */
export function herdUploadAddsNothing(counts: HerdUploadCounts): boolean {
  return (
    counts.animals_new +
      counts.animals_changed +
      counts.events_new +
      counts.test_days_new +
      counts.test_days_changed ===
    0
  );
}

/** Counts of an upload that found nothing (yet): every figure 0. */
export const HERD_UPLOAD_NO_COUNTS: Readonly<HerdUploadCounts> = {
  rows: 0,
  animals_new: 0,
  animals_changed: 0,
  animals_unchanged: 0,
  events_new: 0,
  events_unchanged: 0,
  test_days_new: 0,
  test_days_changed: 0,
  test_days_unchanged: 0,
  rows_refused: 0,
  rows_repeated: 0,
};

export const herdUploadPreviewSchema = herdUploadCountsSchema.extend({
  errors: z.array(herdUploadErrorSchema),
  /** The file's columns: those mapped to a field, and those kept as free attributes. */
  items: z.object({
    mapped: z.array(z.object({ item: z.string(), field: z.string() })),
    kept: z.array(z.string()),
  }),
});
export type HerdUploadPreview = z.infer<typeof herdUploadPreviewSchema>;

export const HERD_MAPPING_SOURCES = ["given", "remembered", "guessed"] as const;
export const HERD_MAPPING_SOURCE_LABELS: Record<(typeof HERD_MAPPING_SOURCES)[number], string> = {
  given: "Сопоставление указано вами",
  remembered: "Сопоставление запомнено с прошлой загрузки в эту базу",
  guessed: "Сопоставление угадано по названиям столбцов",
};

/** What a spreadsheet upload's preview adds: the file's columns and how each was mapped. */
export const herdSpreadsheetPreviewSchema = z.object({
  file_type: z.enum(["csv", "xlsx"]),
  mapping_source: z.enum(HERD_MAPPING_SOURCES),
  /** The first row's columns in file order, each with its field (null: kept) and the first value under it. */
  columns: z.array(z.object({ column: z.string(), field: z.string().nullable(), sample: z.string() })),
  /** Labels of required fields no column maps to: the commit is refused (400) until they are mapped. */
  missing: z.array(z.string()),
});
export type HerdSpreadsheetPreview = z.infer<typeof herdSpreadsheetPreviewSchema>;

export const herdUploadCreatedSchema = z.object({
  upload_uuid: z.uuid(),
  format: herdUploadFormatSchema,
  kind: herdUploadKindSchema,
  preview: herdUploadPreviewSchema,
  /** format=spreadsheet only: the file's columns and their mapping (herd-spreadsheet.ts). */
  spreadsheet: herdSpreadsheetPreviewSchema.optional(),
});
export type HerdUploadCreated = z.infer<typeof herdUploadCreatedSchema>;

export const uploadHerdFile = defineRoute({
  method: "POST",
  path: "/api/herd/:db_uuid/uploads/",
  auth: "user",
  status: 201,
  params: dbParams,
  query: herdUploadQuerySchema,
  response: herdUploadCreatedSchema,
  summary: "Загрузить файл DC305 или таблицу: проверка и предпросмотр, данные не меняются",
});

export const commitHerdUpload = defineRoute({
  method: "POST",
  path: "/api/herd/uploads/:upload_uuid/commit/",
  auth: "user",
  params: z.object({ upload_uuid: z.uuid() }),
  query: z.strictObject({ progress_id: z.uuid().optional() }),
  response: herdUploadCountsSchema.extend({ errors: z.array(herdUploadErrorSchema) }),
  summary: "Записать проверенную загрузку в данные стада (одной транзакцией); повторно — 409",
});

/** The refused rows' file: CSV for Excel («;», UTF-8 with a BOM) or XLSX, as the lists' export offers. */
export const HERD_REFUSED_FILE_FORMATS = ["csv", "xlsx"] as const;
export type HerdRefusedFileFormat = (typeof HERD_REFUSED_FILE_FORMATS)[number];

/** The refused rows' file name: «события март.csv» → «события март — отклонённые строки.xlsx». */
export function herdRefusedFileName(fileName: string, format: HerdRefusedFileFormat): string {
  const dot = fileName.lastIndexOf(".");
  return `${dot > 0 ? fileName.slice(0, dot) : fileName} — отклонённые строки.${format}`;
}

/**
 * Every refused row of a staged or committed upload (its preview and commit answer only the first
 * HERD_UPLOAD_ERRORS_MAX), streamed by line: «Строка», «Причина», then the file's own text of the
 * row — a DC305 line as written, a table's cells under its column names (none once the kept file
 * is deleted). Who: whoever sees the upload's file (herd-files.ts: the uploader; superusers and
 * company admins in the databases they read), others 404. 409: an upload refused whole or
 * cancelled, or one whose refused rows were not kept (committed before they were, or lost with a
 * restart of the database server).
 */
export const downloadHerdUploadRefused = defineRoute({
  method: "GET",
  path: "/api/herd/uploads/:upload_uuid/refused/",
  auth: "user",
  params: z.object({ upload_uuid: z.uuid() }),
  query: z.strictObject({ format: z.enum(HERD_REFUSED_FILE_FORMATS).default("csv") }),
  response: z.unknown(),
  summary: "Скачать все отклонённые строки загрузки стада (CSV или XLSX): строка, причина, текст строки",
});

export const herdUploadProgressSchema = z.object({
  phase: z.enum(HERD_UPLOAD_PHASES),
  rows: z.number().int().min(0),
});
export type HerdUploadProgress = z.infer<typeof herdUploadProgressSchema>;

export const getHerdUploadProgress = defineRoute({
  method: "GET",
  path: "/api/herd/uploads/progress/:progress_id/",
  auth: "user",
  params: z.object({ progress_id: z.uuid() }),
  response: herdUploadProgressSchema,
  summary: "Ход загрузки или записи на сервере (этап и строки)",
});

export const herdUploadRecordSchema = z.object({
  upload_uuid: z.uuid(),
  database: z.object({ uuid: z.uuid(), name: z.string() }),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  file_name: z.string(),
  size_bytes: z.number().int().min(0),
  format: herdUploadFormatSchema,
  kind: herdUploadKindSchema.nullable(),
  status: herdUploadStatusSchema,
  counts: herdUploadCountsSchema,
  errors_count: z.number().int().min(0),
  duration_ms: z.number().int().min(0),
  created_at: z.iso.datetime(),
  committed_at: z.iso.datetime().nullable(),
});
export type HerdUploadRecord = z.infer<typeof herdUploadRecordSchema>;

export const listHerdUploads = defineRoute({
  method: "GET",
  path: "/api/herd/:db_uuid/uploads/",
  auth: "user",
  params: dbParams,
  response: z.array(herdUploadRecordSchema),
  summary: "История загрузок базы стада, новые первыми",
});

// ---- datasets: what each herd database holds ----

const dateRange = z.object({ count: z.number().int().min(0), from: isoDay.nullable(), to: isoDay.nullable() });

export const herdDatasetSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  company: z.object({ uuid: z.uuid(), name: z.string() }),
  farm: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  animals_by_status: z.record(herdAnimalStatusSchema, z.number().int().min(0)),
  events: dateRange,
  test_days: dateRange,
  last_upload: herdUploadRecordSchema.nullable(),
  /** The caller may upload to it (not role 6/7). */
  can_upload: z.boolean(),
});
export type HerdDataset = z.infer<typeof herdDatasetSchema>;

export const listHerdDatasets = defineRoute({
  method: "GET",
  path: "/api/herd/datasets/",
  auth: "user",
  response: z.array(herdDatasetSchema),
  summary: "Базы стада пользователя: что в них есть и последняя загрузка",
});

// ---- herd uploads by a generated key (contract keys.ts, scope herd_upload; issue 19) ----
//
// An upload agent on the farm sends a file with `Authorization: Key <key>` instead of a session:
// the same upload → preview → commit as above, into the key's herd database (no :db_uuid), in the
// name of the key's creator and with their rights now (a creator who may no longer upload there,
// or is gone, leaves the key unable to: 403). The key commits only what it uploaded (another
// upload 404). Every commit, and every upload refused whole, is in the transfer log (the DTM log).
// Key refusals as for every key route: 401 key_invalid / key_revoked / key_expired, 403
// key_wrong_scope.

export const uploadHerdFileByKey = defineRoute({
  method: "POST",
  path: "/api/herd/key-uploads/",
  auth: { key: "herd_upload" },
  status: 201,
  query: herdUploadQuerySchema,
  response: herdUploadCreatedSchema,
  summary: "Загрузить файл стада по ключу (агент на ферме): проверка и предпросмотр, данные не меняются",
});

export const commitHerdUploadByKey = defineRoute({
  method: "POST",
  path: "/api/herd/key-uploads/:upload_uuid/commit/",
  auth: { key: "herd_upload" },
  params: z.object({ upload_uuid: z.uuid() }),
  response: herdUploadCountsSchema.extend({ errors: z.array(herdUploadErrorSchema) }),
  summary: "Записать загрузку, сделанную этим ключом, в данные стада; повторно — 409",
});
