import type { Attachment } from "@nadoy/contract/attachments";
import type { InstructionAudience, InstructionInput, ManagedInstruction } from "@nadoy/contract/instructions";
import { ROLE_NAMES, type RoleId } from "@nadoy/contract/roles";

/** The article form's fields (the audience split into its kind and the chosen roles). */
export interface InstructionFormValues {
  title: string;
  body: string;
  published: boolean;
  audience_kind: InstructionAudience["kind"];
  roles: RoleId[];
  /** The files the article keeps and the ones uploaded for it, in order. */
  attachments: Attachment[];
}

const FORM_FIELDS = ["title", "body", "published", "audience_kind", "roles", "attachments"] as const;

export function formValuesOf(item: ManagedInstruction | undefined): InstructionFormValues {
  const audience = item?.audience;
  return {
    title: item?.title ?? "",
    body: item?.body ?? "",
    published: item?.published ?? false,
    audience_kind: audience?.kind ?? "all",
    roles: audience?.kind === "roles" ? (audience.roles as RoleId[]) : [],
    attachments: item?.attachments ?? [],
  };
}

/** What the create and update routes receive (every field: the update sends the whole form). */
export function instructionInputOf(values: InstructionFormValues): Required<InstructionInput> {
  const audience: InstructionAudience =
    values.audience_kind === "roles" ? { kind: "roles", roles: values.roles } : { kind: "all" };
  return {
    title: values.title.trim(),
    body: values.body,
    published: values.published,
    audience,
    attachment_uuids: values.attachments.map((attachment) => attachment.uuid),
  };
}

/**
 * The form field that shows a server message about `name` ("title", "audience.roles",
 * "attachment_uuids.0" …), or null when none does.
 */
export function formFieldOfServerField(name: string, kind: InstructionAudience["kind"]): string | null {
  if (name.startsWith("audience")) return kind === "roles" ? "roles" : "audience_kind";
  if (name.startsWith("attachment_uuids")) return "attachments";
  const field = name.split(".")[0] ?? "";
  return (FORM_FIELDS as readonly string[]).includes(field) ? field : null;
}

const roleName = (id: number) => ROLE_NAMES[id as RoleId] ?? `Роль ${id}`;

/** Who reads an article, in Russian, for the editors' table. */
export function audienceText(audience: InstructionAudience): string {
  return audience.kind === "all" ? "Все пользователи" : `Роли: ${audience.roles.map(roleName).join(", ")}`;
}
