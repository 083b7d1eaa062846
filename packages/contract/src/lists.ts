import { z } from "zod";
import { IMPORTS_PER_MINUTE } from "./constants.ts";
import { columnTypeSchema, TAG_COLOR_MAX, TAG_NAME_MAX } from "./form-values.ts";
import { defineRoute } from "./http.ts";
import { listViewSchema } from "./list-view.ts";
import { FORM_BLOCK_TYPES } from "./table-lists.ts";
import { nameSchema } from "./validation-messages.ts";

// ---- lists and tables: the engine behind /lists, /services/tables and the public forms ----
//
// A list (kind "list", shown under /lists, flag `table_lists`) or a table (kind "table", shown
// under /services/tables, flag `tables_enabled`) belongs to one company. Every route below is for
// signed-in users; what each may do is decided per list on the server (contract roles.ts):
// - a list of a company the caller is not a member of answers 404, exactly like a missing one
//   (superusers see every company's lists);
// - reading: any member; tables are never shown to clients (role 7), like the flag;
// - rows (add, edit, move, delete, import): members except viewers (role 6) → otherwise 403;
// - schema (rename, columns, form, publish, delete the list): roles 1–5 and superusers → 403.
// Validation failures are 400 validation_error with `fields` keyed by column uuid (row values)
// or by the body's field name.

export const LIST_KINDS = ["list", "table"] as const;
export type ListKind = (typeof LIST_KINDS)[number];

export const LIST_NAME_MAX = 255;
export const LIST_COLUMN_NAME_MAX = 255;
export const LIST_COLUMNS_MAX = 100;
export const TAG_OPTIONS_MAX = 100;
/** A list holds at most this many rows; adding or importing past it is refused (409). */
export const LIST_ROWS_MAX = 50_000;
/** Largest import file (bytes). */
export const LIST_IMPORT_BYTES_MAX = 10 * 1024 * 1024;
/** Rows of the import preview returned with the check. */
export const LIST_IMPORT_PREVIEW_ROWS = 20;
/** At most this many per-row errors are listed (the count covers them all). */
export const LIST_IMPORT_ERRORS_MAX = 200;
export const LIST_BULK_DELETE_MAX = 1000;
/**
 * How often an open grid refetches as a safety net: others' changes arrive at once as LIST_CHANGED
 * on the main socket (realtime.ts), and a grid refetches on focus and after a reconnect.
 */
export const LIST_REFETCH_MS = 60_000;

/** Content types of the import body and the export answer. */
export const LIST_FILE_TYPES = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;
export type ListFileFormat = keyof typeof LIST_FILE_TYPES;

/** A tag option as edited in the schema editor; `previous_name` renames an option in every row. */
export const columnOptionInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(TAG_NAME_MAX)
    .refine((n) => !n.includes(";"), "Название тега не может содержать «;»"),
  color: z.string().max(TAG_COLOR_MAX),
  previous_name: z.string().max(TAG_NAME_MAX).optional(),
});

export const listColumnSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  type: columnTypeSchema,
  order: z.number().int(),
  /** Tag and select columns: their options {name, color}; [] otherwise. */
  options: z.array(z.object({ name: z.string(), color: z.string() })),
  /** Percent columns: values above PERCENT_MAX are taken; false for other types. */
  percent_over_100: z.boolean(),
});
export type ListColumn = z.infer<typeof listColumnSchema>;

/** A stored cell value (form-values.ts StoredValue): "" empty, number, boolean, tag, tag set. */
const tagValue = z.object({ name: z.string(), color: z.string() });
export const cellValueSchema = z.union([z.string(), z.number(), z.boolean(), tagValue, z.array(tagValue)]);

export const listRowSchema = z.object({
  uuid: z.uuid(),
  /** Fractional position as a decimal string; rows come sorted by it. */
  order: z.string(),
  /** column uuid → value; a missing key is an empty cell. */
  values: z.record(z.string(), cellValueSchema),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  /** Display name of the author; null for a row sent through the public form. */
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type ListRow = z.infer<typeof listRowSchema>;

const companyRef = z.object({ uuid: z.uuid(), name: z.string() });

export const listSummarySchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  kind: z.enum(LIST_KINDS),
  company: companyRef,
  row_count: z.number().int(),
  column_count: z.number().int(),
  /** A published form: its link uuid (the page is /form/<uuid>); null when none is published. */
  form_link: z.uuid().nullable(),
  created_by: z.string().nullable(),
  updated_at: z.iso.datetime(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;

export const listDetailSchema = listSummarySchema.extend({
  /** The caller may add, edit, move, delete and import rows. */
  can_edit_rows: z.boolean(),
  /** The caller may rename the list, change columns, build and publish the form, delete the list. */
  can_manage: z.boolean(),
  columns: z.array(listColumnSchema),
  /** Every row, by order (at most LIST_ROWS_MAX). */
  rows: z.array(listRowSchema),
});
export type ListDetail = z.infer<typeof listDetailSchema>;

const uuidParams = z.strictObject({ uuid: z.uuid() });

export const columnInputSchema = z.strictObject({
  name: nameSchema(LIST_COLUMN_NAME_MAX),
  type: columnTypeSchema,
  options: z.array(columnOptionInputSchema).max(TAG_OPTIONS_MAX).default([]),
  /** Percent columns: allow values above PERCENT_MAX (ignored, stored false, for other types). */
  percent_over_100: z.boolean().default(false),
});
export type ColumnInput = z.input<typeof columnInputSchema>;

// ---- catalogue and list ----

export const listsQuerySchema = z.strictObject({ kind: z.enum(LIST_KINDS).default("list") });

export const listsRoute = defineRoute({
  method: "GET",
  path: "/api/tableLists/lists/",
  auth: "user",
  query: listsQuerySchema,
  /** The caller's companies' lists (or tables) by name; [] when the caller has none. */
  response: z.array(listSummarySchema),
  summary: "Списки (или таблицы) компаний пользователя",
});

export const createListBodySchema = z.strictObject({
  name: nameSchema(LIST_NAME_MAX),
  kind: z.enum(LIST_KINDS).default("list"),
  /** One of the caller's companies (user data `user_companies`); another → 404. */
  company_uuid: z.uuid(),
  /** Columns to start with, in order. */
  columns: z.array(columnInputSchema).max(LIST_COLUMNS_MAX).default([]),
});
export type CreateListBody = z.input<typeof createListBodySchema>;

export const createListRoute = defineRoute({
  method: "POST",
  path: "/api/tableLists/lists/",
  auth: "user",
  status: 201,
  body: createListBodySchema,
  response: listDetailSchema,
  summary: "Создать список или таблицу",
});

export const listRoute = defineRoute({
  method: "GET",
  path: "/api/tableLists/lists/:uuid/",
  auth: "user",
  params: uuidParams,
  response: listDetailSchema,
  summary: "Список со столбцами и строками",
});

export const updateListRoute = defineRoute({
  method: "PATCH",
  path: "/api/tableLists/lists/:uuid/",
  auth: "user",
  params: uuidParams,
  body: z.strictObject({ name: nameSchema(LIST_NAME_MAX) }),
  response: listSummarySchema,
  summary: "Переименовать список",
});

export const deleteListRoute = defineRoute({
  method: "DELETE",
  path: "/api/tableLists/lists/:uuid/",
  auth: "user",
  status: 204,
  params: uuidParams,
  response: z.null(),
  summary: "Удалить список со строками и формой",
});

// ---- columns ----

export const createColumnRoute = defineRoute({
  method: "POST",
  path: "/api/tableLists/lists/:uuid/columns/",
  auth: "user",
  status: 201,
  params: uuidParams,
  body: columnInputSchema,
  /** Added after the last column. 409 conflict past LIST_COLUMNS_MAX. */
  response: listColumnSchema,
  summary: "Добавить столбец",
});

export const updateColumnBodySchema = z.strictObject({
  name: nameSchema(LIST_COLUMN_NAME_MAX).optional(),
  /**
   * A new type: every filled cell is converted through its text (list-cells.ts); when some cell
   * does not fit the new type → 409 conflict naming how many, and nothing changes.
   */
  type: columnTypeSchema.optional(),
  /**
   * The whole new option list. Rows follow in the same transaction: a renamed option
   * (previous_name) or a new colour is rewritten in every cell, a removed option is taken out.
   */
  options: z.array(columnOptionInputSchema).max(TAG_OPTIONS_MAX).optional(),
  /**
   * Percent columns: allow values above PERCENT_MAX. Turning it off (or changing the type) keeps
   * cells already above 100 — only new values are checked.
   */
  percent_over_100: z.boolean().optional(),
});

export const updateColumnRoute = defineRoute({
  method: "PATCH",
  path: "/api/tableLists/columns/:uuid/",
  auth: "user",
  params: uuidParams,
  body: updateColumnBodySchema,
  response: listColumnSchema,
  summary: "Изменить столбец (название, тип, варианты тегов, проценты больше 100)",
});

export const deleteColumnRoute = defineRoute({
  method: "DELETE",
  path: "/api/tableLists/columns/:uuid/",
  auth: "user",
  status: 204,
  params: uuidParams,
  /** Its values leave every row and its form field leaves the form. */
  response: z.null(),
  summary: "Удалить столбец",
});

export const reorderColumnsRoute = defineRoute({
  method: "PUT",
  path: "/api/tableLists/lists/:uuid/columns/order/",
  auth: "user",
  params: uuidParams,
  /** Every column uuid of the list exactly once, in the new order; otherwise 400. */
  body: z.array(z.uuid()).max(LIST_COLUMNS_MAX),
  response: z.array(listColumnSchema),
  summary: "Изменить порядок столбцов",
});

// ---- rows ----

/** Cell values keyed by column uuid, checked by form-values.ts validateCellValues. */
const rowValuesSchema = z.record(z.string().max(64), z.unknown());

export const createRowRoute = defineRoute({
  method: "POST",
  path: "/api/tableLists/lists/:uuid/rows/",
  auth: "user",
  status: 201,
  params: uuidParams,
  body: z.strictObject({
    values: rowValuesSchema.default({}),
    /** Put the new row right after this one; null or absent → at the end. */
    after_uuid: z.uuid().nullable().optional(),
  }),
  /** 409 conflict past LIST_ROWS_MAX. */
  response: listRowSchema,
  summary: "Добавить строку",
});

export const updateRowRoute = defineRoute({
  method: "PATCH",
  path: "/api/tableLists/rows/:uuid/",
  auth: "user",
  params: uuidParams,
  /** Only the cells given change; "" clears a cell. */
  body: z.strictObject({ values: rowValuesSchema }),
  response: listRowSchema,
  summary: "Изменить ячейки строки",
});

export const moveRowRoute = defineRoute({
  method: "POST",
  path: "/api/tableLists/rows/:uuid/move/",
  auth: "user",
  params: uuidParams,
  /**
   * Place the row right after `after_uuid` (a row of the same list), or first when null. Only this
   * row's fractional order changes; the others keep theirs.
   */
  body: z.strictObject({ after_uuid: z.uuid().nullable() }),
  response: listRowSchema,
  summary: "Переместить строку",
});

export const deleteRowsRoute = defineRoute({
  method: "POST",
  path: "/api/tableLists/lists/:uuid/rows/delete/",
  auth: "user",
  params: uuidParams,
  /** Uuids of this list's rows; others are ignored. */
  body: z.strictObject({ uuids: z.array(z.uuid()).min(1).max(LIST_BULK_DELETE_MAX) }),
  response: z.object({ deleted: z.number().int() }),
  summary: "Удалить строки",
});

// ---- export and import ----

/**
 * How a CSV export is written. excel: ";" between fields, decimal commas, dates DD.MM.YYYY — what
 * Excel in a Russian locale opens as columns (the default). comma: "," and decimal dots (RFC 4180).
 */
export const CSV_DIALECTS = ["excel", "comma"] as const;
export type CsvDialect = (typeof CSV_DIALECTS)[number];
export const CSV_DIALECT_TEXT: Record<CsvDialect, string> = { excel: "CSV для Excel (;)", comma: "CSV (,)" };

export const exportQuerySchema = z.strictObject({
  format: z.enum(["csv", "xlsx"]),
  /** CSV only: the separator and number style (CSV_DIALECTS). */
  csv: z.enum(CSV_DIALECTS).default("excel"),
  /** The grid's view as JSON (list-view.ts ListView): the file holds exactly the rows and columns shown. */
  view: z
    .string()
    .max(20_000)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === "") return listViewSchema.parse({});
      try {
        return listViewSchema.parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: "custom", message: "Некорректное представление списка" });
        return z.NEVER;
      }
    }),
});

/**
 * The file: a header row of column names, then one line per shown row with each cell as
 * list-cells.ts formatCell writes it (XLSX: numbers and percents as numbers, dates as Excel dates).
 * CSV is UTF-8 with a BOM, RFC 4180 quoting, ";" and decimal commas unless csv=comma.
 * Content-Disposition names it "<list name>.<format>".
 */
export const exportListRoute = defineRoute({
  method: "GET",
  path: "/api/tableLists/lists/:uuid/export/",
  auth: "user",
  params: uuidParams,
  query: exportQuerySchema,
  response: z.unknown(),
  summary: "Выгрузить список в CSV или XLSX",
});

export const IMPORT_MODES = ["preview", "append", "replace"] as const;

export const importQuerySchema = z.strictObject({
  format: z.enum(["csv", "xlsx"]),
  /**
   * preview: check only, nothing written. append: add the rows after the last one. replace: the
   * rows of the file become the list's rows (an export re-imported this way changes nothing).
   */
  mode: z.enum(IMPORT_MODES).default("preview"),
  /** With errors: false (default) → 400 and nothing written; true → write the valid rows only. */
  skip_invalid: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

export const importErrorSchema = z.object({
  /** Line of the file, the header being line 1. */
  line: z.number().int(),
  /** The column's name as in the header, or "" for the line as a whole. */
  column: z.string(),
  message: z.string(),
});

export const importResultSchema = z.object({
  rows_total: z.number().int(),
  rows_valid: z.number().int(),
  /** Header names that match no column (they are ignored). */
  unknown_columns: z.array(z.string()),
  errors: z.array(importErrorSchema).max(LIST_IMPORT_ERRORS_MAX),
  error_count: z.number().int(),
  /** The first LIST_IMPORT_PREVIEW_ROWS rows as they would be stored (column uuid → value). */
  preview: z.array(z.record(z.string(), cellValueSchema)),
  /** Rows written: 0 for preview. */
  written: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * Body: the file's bytes as they are, with Content-Type LIST_FILE_TYPES[format] (at most
 * LIST_IMPORT_BYTES_MAX, larger → 413). Header row = column names (matched exactly, then ignoring
 * case). 400 validation_error when the file cannot be read or has no known column, and — unless
 * skip_invalid — when any row has an error (the answer's `fields.file` says how many; call preview
 * to list them), and when the file has more than LIST_ROWS_MAX rows below its header (reading
 * stops there). 409 past LIST_ROWS_MAX in the list, and 409 import_in_progress while the caller's
 * previous import (of any file) runs. At most IMPORTS_PER_MINUTE per user (429 with Retry-After).
 * All rows are written in one transaction.
 */
export const importListRoute = defineRoute({
  method: "POST",
  path: "/api/tableLists/lists/:uuid/import/",
  auth: "user",
  params: uuidParams,
  query: importQuerySchema,
  response: importResultSchema,
  bodyLimit: LIST_IMPORT_BYTES_MAX,
  rateLimit: { max: IMPORTS_PER_MINUTE, timeWindowMs: 60_000 },
  summary: "Загрузить строки из CSV или XLSX (с проверкой)",
});

// ---- the form builder ----

export const FORM_ELEMENTS_MAX = 100;
export const FORM_LABEL_MAX = 20_000;

export const formElementInputSchema = z.strictObject({
  /** A column of this list (each at most once), or null for a text or link block. */
  column_uuid: z.uuid().nullable(),
  /** null for a field; text_block or link_block for a block. */
  type_form_element: z.enum(FORM_BLOCK_TYPES).nullable(),
  /** Rich text (sanitised HTML) of a field's description or a text block; the URL of a link block. */
  label_data: z.string().max(FORM_LABEL_MAX).default(""),
  place_holder: z.string().max(255).default(""),
  mandatory_filling: z.boolean().default(false),
  not_empty: z.boolean().default(false),
});
export type FormElementInput = z.input<typeof formElementInputSchema>;

export const formDefinitionSchema = z.object({
  /** The link uuid: the public page is /form/<uuid_link> while published. */
  uuid_link: z.uuid(),
  published: z.boolean(),
  form_header: z.string(),
  conclusion: z.string(),
  /** In form order (their `order` is their index). */
  elements: z.array(
    z.object({
      column_uuid: z.uuid().nullable(),
      type_form_element: z.enum(FORM_BLOCK_TYPES).nullable(),
      label_data: z.string(),
      place_holder: z.string(),
      mandatory_filling: z.boolean(),
      not_empty: z.boolean(),
      order: z.number().int(),
    }),
  ),
});
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

export const listFormRoute = defineRoute({
  method: "GET",
  path: "/api/tableLists/lists/:uuid/form/",
  auth: "user",
  params: uuidParams,
  /** A list without a form gets an empty unpublished one (its link uuid is fixed from then on). */
  response: formDefinitionSchema,
  summary: "Форма списка (для редактора)",
});

export const saveFormRoute = defineRoute({
  method: "PUT",
  path: "/api/tableLists/lists/:uuid/form/",
  auth: "user",
  params: uuidParams,
  /**
   * Replaces header, conclusion and all elements in one transaction. 400 with fields
   * `elements.<index>` for a column not of this list, a column used twice, a block with a column,
   * a field without one, or a link block whose label is neither an http(s) URL nor a same-site path
   * ("/personal-data-agreement"; "//host" and other schemes are refused).
   */
  body: z.strictObject({
    form_header: z.string().max(255).default(""),
    conclusion: z.string().max(FORM_LABEL_MAX).default(""),
    elements: z.array(formElementInputSchema).max(FORM_ELEMENTS_MAX),
  }),
  response: formDefinitionSchema,
  summary: "Сохранить форму списка",
});

export const publishFormRoute = defineRoute({
  method: "POST",
  path: "/api/tableLists/lists/:uuid/form/publish/",
  auth: "user",
  params: uuidParams,
  /** Publishing a form with no field → 400. The link uuid stays the same across unpublish/publish. */
  body: z.strictObject({ published: z.boolean() }),
  response: formDefinitionSchema,
  summary: "Опубликовать или снять с публикации форму",
});
