import type { ManagedNews, NewsAudience, NewsInput } from "@nadoy/contract/content";
import type { RoleId } from "@nadoy/contract/roles";

/** The news form's fields (the audience split into its kind and the chosen companies or roles). */
export interface NewsFormValues {
  title: string;
  excerpt: string;
  cover_image_uuid: string | null;
  body: string;
  audience_kind: NewsAudience["kind"];
  company_uuids: string[];
  roles: RoleId[];
}

export const NEWS_FORM_FIELDS = [
  "title",
  "excerpt",
  "cover_image_uuid",
  "body",
  "audience_kind",
  "company_uuids",
  "roles",
] as const;

export function formValuesOf(item: ManagedNews | undefined): NewsFormValues {
  const audience = item?.audience;
  return {
    title: item?.title ?? "",
    excerpt: item?.excerpt ?? "",
    cover_image_uuid: item?.cover_image_uuid ?? null,
    body: item?.body ?? "",
    audience_kind: audience?.kind ?? "all",
    company_uuids: audience?.kind === "companies" ? audience.companies.map((company) => company.uuid) : [],
    roles: audience?.kind === "roles" ? (audience.roles as RoleId[]) : [],
  };
}

/** What the create and update routes receive. */
export function newsInputOf(values: NewsFormValues): Required<NewsInput> {
  const audience: NewsAudience =
    values.audience_kind === "companies"
      ? { kind: "companies", company_uuids: values.company_uuids }
      : values.audience_kind === "roles"
        ? { kind: "roles", roles: values.roles }
        : { kind: "all" };
  return {
    title: values.title.trim(),
    excerpt: values.excerpt.trim(),
    body: values.body,
    cover_image_uuid: values.cover_image_uuid,
    audience,
  };
}

/**
 * The form field that shows a server message about `name` ("title", "audience.company_uuids" …):
 * audience messages go under the companies or roles chosen, or under the kind.
 */
export function formFieldOfServerField(name: string, kind: NewsAudience["kind"]): string | null {
  if (name.startsWith("audience")) {
    if (kind === "companies") return "company_uuids";
    if (kind === "roles") return "roles";
    return "audience_kind";
  }
  const field = name.split(".")[0] ?? "";
  return (NEWS_FORM_FIELDS as readonly string[]).includes(field) ? field : null;
}
