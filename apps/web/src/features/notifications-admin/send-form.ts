import { type SendNotificationBody, sendNotificationBodySchema } from "@nadoy/contract/content";
import { pluralRu } from "@nadoy/contract/plural";
import type { RoleId } from "@nadoy/contract/roles";
import { z } from "zod";
import { ApiRequestError, isApiRequestError } from "../../shared/lib/api-error.ts";

export const AUDIENCE_KINDS = ["all", "users", "roles", "companies"] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

export const AUDIENCE_LABELS: Record<AudienceKind, string> = {
  all: "Всем",
  users: "Пользователям",
  roles: "Ролям",
  companies: "Компаниям",
};

/** A picked user as the picker keeps it: its id with the name shown, which later searches may not return. */
export interface PickedUser {
  value: number;
  label: string;
}

export interface SendFormValues {
  title: string;
  msg: string;
  link?: string;
  kind: AudienceKind;
  users?: PickedUser[];
  roles?: RoleId[];
  company_uuids?: string[];
}

/** Field names of the form that the server's messages can land under. */
export const SEND_FORM_FIELDS = ["title", "msg", "link", "kind", "users", "roles", "company_uuids"] as const;

/** The contract's link rule, with an empty field meaning «no link». */
export const optionalLinkSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  sendNotificationBodySchema.shape.link,
);

/** What POST manage/notifications/ gets: only the audience part the chosen kind needs. */
export function sendBody(values: SendFormValues): SendNotificationBody {
  const link = values.link?.trim() ? values.link.trim() : null;
  const base = { title: values.title.trim(), msg: values.msg.trim(), link };
  switch (values.kind) {
    case "all":
      return { ...base, audience: { kind: "all" } };
    case "users":
      return { ...base, audience: { kind: "users", user_ids: (values.users ?? []).map((user) => user.value) } };
    case "roles":
      return { ...base, audience: { kind: "roles", roles: values.roles ?? [] } };
    case "companies":
      return { ...base, audience: { kind: "companies", company_uuids: values.company_uuids ?? [] } };
  }
}

/** The server names audience problems by body path (audience, audience.user_ids …); the form by its fields. */
const AUDIENCE_FIELD: Record<string, (typeof SEND_FORM_FIELDS)[number]> = {
  audience: "kind",
  "audience.kind": "kind",
  "audience.user_ids": "users",
  "audience.roles": "roles",
  "audience.company_uuids": "company_uuids",
};

/** The same error with its field names as the form has them, for the shared field-error helper. */
export function withFormFieldNames(error: unknown): unknown {
  if (!isApiRequestError(error) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, message]) => {
      const audienceField = AUDIENCE_FIELD[name] ?? (name.startsWith("audience.") ? "kind" : undefined);
      return [audienceField ?? name, message];
    }),
  );
  return new ApiRequestError({ status: error.status, code: error.code, message: error.message, fields });
}

/** «Отправлено: 1 получателю», «Отправлено: 25 получателям». */
export function sentText(recipients: number): string {
  return `Отправлено: ${recipients} ${pluralRu(recipients, ["получателю", "получателям", "получателям"])}`;
}
