import { z } from "zod";
import { attachmentSchema, attachmentUuids } from "./attachments.ts";
import { defineRoute } from "./http.ts";
import { CONTENT_ROLES, ROLE_IDS, roleIdSchema } from "./roles.ts";
import { titleSchema } from "./validation-messages.ts";

// ---- instructions: help articles (issue 6 item 3) ----
//
// Readers: GET /api/instructions/ and /api/instructions/:uuid/ are for every signed-in user and
// show only published articles whose audience includes the caller (everyone, or the caller's role:
// the first group). Superusers see all. An article outside the caller's audience answers 404,
// exactly like a missing one; so do its attachments.
//
// Editors: /api/manage/instructions/... is for superusers and role 2 (CONTENT_ROLES): others 403,
// anonymous 401. Every change is written to the audit log ({id, before, after}) in its transaction.
// The body is rich text sanitised on save like news (RICH_TEXT_* in content.ts) and again in the
// browser. Attachments are uploaded with uploadAttachment first, then claimed by the article.

export const INSTRUCTION_TITLE_MAX = 200;
export const INSTRUCTION_BODY_MAX = 200_000;
export const INSTRUCTION_SEARCH_MAX = 100;

/** Who reads an article: everyone, or only these roles. */
export const instructionAudienceSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("all") }),
  z.strictObject({ kind: z.literal("roles"), roles: z.array(roleIdSchema).min(1).max(ROLE_IDS.length) }),
]);
export type InstructionAudience = z.infer<typeof instructionAudienceSchema>;

const isoDate = z.iso.datetime();

/** An entry of the readers' list: `snippet` is plain text (the start, or around a search match). */
export const instructionItemSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  snippet: z.string(),
  updated_at: isoDate,
});
export type InstructionItem = z.infer<typeof instructionItemSchema>;

export const instructionDetailSchema = instructionItemSchema.omit({ snippet: true }).extend({
  /** Sanitised HTML. */
  body: z.string(),
  attachments: z.array(attachmentSchema),
});
export type InstructionDetail = z.infer<typeof instructionDetailSchema>;

/** In the editors' order; `q` searches titles and text (Russian word forms), best matches first. */
export const listInstructions = defineRoute({
  method: "GET",
  path: "/api/instructions/",
  auth: "user",
  query: z.strictObject({ q: z.string().trim().max(INSTRUCTION_SEARCH_MAX).default("") }),
  response: z.array(instructionItemSchema),
  summary: "Инструкции для вызывающего (поиск по названию и тексту)",
});

export const getInstruction = defineRoute({
  method: "GET",
  path: "/api/instructions/:uuid/",
  auth: "user",
  params: z.object({ uuid: z.uuid() }),
  response: instructionDetailSchema,
  summary: "Одна инструкция с вложениями",
});

// ---- editors ----

const editors = { roles: CONTENT_ROLES } as const;
const editorRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const managedInstructionSchema = instructionDetailSchema.extend({
  position: z.number().int(),
  published: z.boolean(),
  audience: instructionAudienceSchema,
  updated_by: editorRef,
  created_at: isoDate,
});
export type ManagedInstruction = z.infer<typeof managedInstructionSchema>;

const instructionFields = {
  title: titleSchema(INSTRUCTION_TITLE_MAX),
  body: z.string().max(INSTRUCTION_BODY_MAX),
  published: z.boolean(),
  audience: instructionAudienceSchema,
  /** The article's files after the change: uploads to claim and kept ones; others are deleted. */
  attachment_uuids: attachmentUuids,
};

/** Added at the end of the order. */
export const instructionInputSchema = z.strictObject({
  ...instructionFields,
  body: instructionFields.body.default(""),
  published: instructionFields.published.default(false),
  audience: instructionFields.audience.default({ kind: "all" }),
  attachment_uuids: instructionFields.attachment_uuids.default([]),
});
export type InstructionInput = z.input<typeof instructionInputSchema>;

export const instructionPatchSchema = z.strictObject(instructionFields).partial();

const instructionParams = z.object({ uuid: z.uuid() });

/** Every article (drafts too), in order, without bodies. */
export const manageInstructionsList = defineRoute({
  method: "GET",
  path: "/api/manage/instructions/",
  auth: editors,
  response: z.array(managedInstructionSchema.omit({ body: true, attachments: true })),
  summary: "Все инструкции для редактора",
});

export const createInstruction = defineRoute({
  method: "POST",
  path: "/api/manage/instructions/",
  auth: editors,
  status: 201,
  body: instructionInputSchema,
  response: managedInstructionSchema,
  summary: "Создать инструкцию",
});

export const manageInstruction = defineRoute({
  method: "GET",
  path: "/api/manage/instructions/:uuid/",
  auth: editors,
  params: instructionParams,
  response: managedInstructionSchema,
  summary: "Инструкция для редактора",
});

export const updateInstruction = defineRoute({
  method: "PATCH",
  path: "/api/manage/instructions/:uuid/",
  auth: editors,
  params: instructionParams,
  body: instructionPatchSchema,
  response: managedInstructionSchema,
  summary: "Изменить инструкцию",
});

export const deleteInstruction = defineRoute({
  method: "DELETE",
  path: "/api/manage/instructions/:uuid/",
  auth: editors,
  status: 204,
  params: instructionParams,
  response: z.void(),
  summary: "Удалить инструкцию (с её файлами)",
});

/** The full new order: every article's uuid exactly once (400 otherwise). */
export const reorderInstructions = defineRoute({
  method: "PUT",
  path: "/api/manage/instructions/order/",
  auth: editors,
  status: 204,
  body: z.strictObject({ uuids: z.array(z.uuid()).max(10_000) }),
  response: z.void(),
  summary: "Порядок инструкций",
});
