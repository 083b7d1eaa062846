import { z } from "zod";
import { segmentGroupSchema } from "./herd-segment-rule.ts";
import { defineRoute } from "./http.ts";

// ---- Herd segments (issue 18): a rule's live count while it is edited ----
//
// Who: whoever reads the herd database (contract herd.ts); another company's database → 404.
// The rule comes as DC305-style text or as the builder's tree (herd-segment-rule.ts); a text that
// does not parse → 400 whose `position` is the offset of the mistake in the text.
// Which animals: like DC305, those in the herd (milking, dry, heifers) unless the rule has a STATUS
// condition, which then decides (STATUS=SOLD,DIED: the animals that left). The animal list's
// segment= / rule= filter gives the same animals. In a report, a segment only narrows the animals
// the report itself counts (report 5 counts those that left, whatever the rule's statuses).
// What the items mean:
// - DIM as the animal list counts it; AGE in whole months from the birth date to today;
// - DCC (days carrying calf): today − the last insemination (BRED) before the last pregnancy check
//   (PREG) of the current lactation, when no abortion (ABORT) came after that check; no value
//   otherwise;
// - MILK, SCC: of the animal's latest test day;
// - EVENT=X: had an event X in the period (from–to; the last SEGMENT_EVENT_DAYS_DEFAULT days by
//   default); EVENT<>X: had none.
// A condition on an item the animal has no value of (a heifer's DIM, a pen not given) does not
// hold, whatever the sign.

export const SEGMENT_EVENT_DAYS_DEFAULT = 365;

const isoDay = z.iso.date();

export const herdSegmentCountBodySchema = z
  .strictObject({
    text: z.string().max(2000).optional(),
    rule: segmentGroupSchema.optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .refine((body) => (body.text === undefined) !== (body.rule === undefined), {
    message: "Укажите правило: текстом (text) или деревом условий (rule)",
  });

export const herdSegmentCountSchema = z.object({
  count: z.number().int().min(0),
  /** The rule's canonical text and tree: what the builder shows after either was edited. */
  text: z.string(),
  rule: segmentGroupSchema,
});
export type HerdSegmentCount = z.infer<typeof herdSegmentCountSchema>;

export const countHerdSegment = defineRoute({
  method: "POST",
  path: "/api/herd/:db_uuid/segments/count/",
  auth: "user",
  params: z.object({ db_uuid: z.uuid() }),
  body: herdSegmentCountBodySchema,
  response: herdSegmentCountSchema,
  summary: "Сколько животных подходит под правило сегмента (текст DC305 или дерево условий)",
});

// ---- saved segments of a database ----
//
// Who: every reader of the database sees their own segments and those shared with the company
// (`shared`); readers but viewers (6) and clients (7) save segments (403 for those two); the owner
// and superusers change or delete one (403 for others who see it). Another caller's segment that
// is not shared is 404, as is anything of another company's database.

export const HERD_SEGMENT_NAME_MAX = 100;

export const herdSegmentSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  text: z.string(),
  rule: segmentGroupSchema,
  shared: z.boolean(),
  active: z.boolean(),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The caller may change and delete it. */
  editable: z.boolean(),
  /** Its animals today, as the live count counts them (the list gives it; a save does not). */
  count: z.number().int().min(0).optional(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type HerdSegment = z.infer<typeof herdSegmentSchema>;

export const herdSegmentInputSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, "Введите название сегмента")
      .max(HERD_SEGMENT_NAME_MAX, `Не длиннее ${HERD_SEGMENT_NAME_MAX} символов`),
    text: z.string().max(2000).optional(),
    rule: segmentGroupSchema.optional(),
    shared: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .refine((body) => (body.text === undefined) !== (body.rule === undefined), {
    message: "Укажите правило: текстом (text) или деревом условий (rule)",
  });
export type HerdSegmentInput = z.infer<typeof herdSegmentInputSchema>;

const segmentParams = z.object({ db_uuid: z.uuid(), segment_uuid: z.uuid() });

export const listHerdSegments = defineRoute({
  method: "GET",
  path: "/api/herd/:db_uuid/segments/",
  auth: "user",
  params: z.object({ db_uuid: z.uuid() }),
  response: z.array(herdSegmentSchema),
  summary: "Сегменты базы стада: свои и общие для компании, по названию",
});

export const createHerdSegment = defineRoute({
  method: "POST",
  path: "/api/herd/:db_uuid/segments/",
  auth: "user",
  status: 201,
  params: z.object({ db_uuid: z.uuid() }),
  body: herdSegmentInputSchema,
  response: herdSegmentSchema,
  summary: "Сохранить сегмент (правило текстом DC305 или деревом условий)",
});

export const updateHerdSegment = defineRoute({
  method: "PUT",
  path: "/api/herd/:db_uuid/segments/:segment_uuid/",
  auth: "user",
  params: segmentParams,
  body: herdSegmentInputSchema,
  response: herdSegmentSchema,
  summary: "Изменить сегмент (владелец или суперпользователь)",
});

export const deleteHerdSegment = defineRoute({
  method: "DELETE",
  path: "/api/herd/:db_uuid/segments/:segment_uuid/",
  auth: "user",
  status: 204,
  params: segmentParams,
  response: z.void(),
  summary: "Удалить сегмент (владелец или суперпользователь)",
});
