import { z } from "zod";
import { columnTypeSchema, tagOptionSchema } from "./form-values.ts";
import { defineRoute } from "./http.ts";

// ---- tables and lists: the public feedback form (spec §2 "Public feedback form", §3, §5, §7) ----

export { COLUMN_TYPES, type ColumnType, columnTypeSchema, type TagOption, tagOptionSchema } from "./form-values.ts";

/** Elements without a column: rich text or a link (spec §2). */
export const FORM_BLOCK_TYPES = ["text_block", "link_block"] as const;
export type FormBlockType = (typeof FORM_BLOCK_TYPES)[number];

/**
 * The tags a form's rich text (a text block, a field's description) may keep, in the browser and on
 * the server alike (which stores and serves it so); links keep http(s) and mailto addresses only.
 * The header and the conclusion are plain text: no tags at all.
 */
export const FORM_RICH_TEXT_TAGS = [
  "b",
  "strong",
  "i",
  "em",
  "u",
  "s",
  "br",
  "p",
  "div",
  "span",
  "ul",
  "ol",
  "li",
  "a",
  "h3",
  "h4",
] as const;

/** Requests per minute per client address on the public form routes. */
export const FORM_READS_PER_MINUTE = 120;
export const FORM_SUBMITS_PER_MINUTE = 20;
/** Largest submit body (bytes). */
export const FORM_SUBMIT_BODY_MAX = 64 * 1024;
/** At most this many values in one submission. */
export const FORM_VALUES_MAX = 200;

/** A form element, exactly spec §3 "Form element". */
export const formElementSchema = z.object({
  /** The list column this field fills; null for a text or link block. */
  column_uuid: z.uuid().nullable(),
  /** The column's type; null for a text or link block. */
  type: columnTypeSchema.nullable(),
  /** Percent fields: a value above PERCENT_MAX is taken; false for other fields and blocks. */
  percent_over_100: z.boolean(),
  /** The column's name (the field's title); "" for blocks. */
  name: z.string(),
  /** Rich text (text_block) or the field's description, only FORM_RICH_TEXT_TAGS; a URL (link_block). */
  label_data: z.string(),
  mandatory_filling: z.boolean(),
  not_empty: z.boolean(),
  type_form_element: z.enum(FORM_BLOCK_TYPES).nullable(),
  place_holder: z.string(),
  order: z.number().int(),
  /** The form's header, plain text, repeated on every element (the page uses the first one's). */
  form_header: z.string(),
  /** The text shown after a send, plain text, repeated on every element. */
  conclusion: z.string(),
});
export type FormElement = z.infer<typeof formElementSchema>;

export const formDataQuerySchema = z.strictObject({ uuid_link: z.uuid() });
export const tagsQuerySchema = z.strictObject({ column_uuid: z.uuid() });

export const formSubmitBodySchema = z.strictObject({
  uuid_link: z.uuid(),
  /**
   * The browser's id of this submission (its outbox entry). Sent again after a lost answer, it adds
   * no second row: the server answers 201 as for the first time.
   */
  client_id: z.uuid().optional(),
  /** column_uuid → entered value; checked against the form by form-values.ts on the server. */
  form_data: z
    .record(z.string().max(64), z.unknown())
    .refine((data) => Object.keys(data).length <= FORM_VALUES_MAX, `Не более ${FORM_VALUES_MAX} полей`),
});
export type FormSubmitBody = z.infer<typeof formSubmitBodySchema>;

export const formDataRoute = defineRoute({
  method: "GET",
  path: "/api/tableLists/form_data/",
  auth: "public",
  query: formDataQuerySchema,
  /** The published form's elements ordered by `order`; 404 not_found for an unknown or unpublished link. */
  response: z.array(formElementSchema),
  rateLimit: { max: FORM_READS_PER_MINUTE, timeWindowMs: 60_000 },
  summary: "Элементы опубликованной формы обратной связи",
});

export const formTagsRoute = defineRoute({
  method: "GET",
  path: "/api/tableLists/tags/",
  auth: "public",
  query: tagsQuerySchema,
  /** The options of a tag or select column of a published form; 404 not_found otherwise. */
  response: z.array(tagOptionSchema),
  rateLimit: { max: FORM_READS_PER_MINUTE, timeWindowMs: 60_000 },
  summary: "Варианты тегов поля опубликованной формы",
});

export const formSubmitRoute = defineRoute({
  method: "POST",
  path: "/api/tableLists/link_uuid_form/",
  auth: "public",
  status: 201,
  body: formSubmitBodySchema,
  /**
   * 201 once exactly one row is added to the form's list. 400 validation_error with `fields`
   * keyed by column_uuid (and nothing written) when a value breaks a rule; 404 for an unknown link.
   */
  response: z.object({ detail: z.string() }),
  rateLimit: { max: FORM_SUBMITS_PER_MINUTE, timeWindowMs: 60_000 },
  bodyLimit: FORM_SUBMIT_BODY_MAX,
  summary: "Отправить форму обратной связи (добавляет строку в список)",
});
