import type { AdminReport, ReportProvider } from "@nadoy/contract/reports";
import type { CreateReportBody } from "../api.ts";
import { joinTag, splitTag, type TagKind } from "./report-tag.ts";

/** What the report form edits. The secret is never filled in: it is write-only. */
export interface ReportFormValues {
  title: string;
  tagKind: TagKind;
  product: string;
  img_uuid: string | null;
  provider: ReportProvider;
  url: string;
  resource_id: string;
  restrict_param: string;
  secret: string;
  company_uuid: string | null;
  active: boolean;
}

/** Providers whose URL the server signs with the report's secret. */
export const isSignedProvider = (provider: ReportProvider | undefined) => provider !== undefined && provider !== "url";

export function reportFormValuesOf(report: AdminReport | undefined): ReportFormValues {
  const { tagKind, product } = splitTag(report?.tag ?? "custom_reports");
  return {
    title: report?.title ?? "",
    tagKind,
    product,
    img_uuid: report?.img_uuid ?? null,
    provider: report?.provider ?? "url",
    url: report?.url ?? "",
    resource_id: report?.resource_id ?? "",
    restrict_param: report?.restrict_param ?? "",
    secret: "",
    company_uuid: report?.company?.uuid ?? null,
    active: report?.active ?? true,
  };
}

/**
 * The body of a create or an edit: every field, the secret only when one was typed (an empty
 * field keeps the stored one), and no signing fields for a plain link.
 */
export function reportBodyOf(values: ReportFormValues): CreateReportBody {
  const signed = isSignedProvider(values.provider);
  const secret = values.secret.trim();
  const restrictParam = values.restrict_param.trim();
  return {
    title: values.title.trim(),
    tag: joinTag(values.tagKind, values.product),
    img_uuid: values.img_uuid ?? null,
    active: values.active,
    provider: values.provider,
    url: values.url.trim(),
    resource_id: signed ? values.resource_id.trim() : "",
    restrict_param: signed && restrictParam ? restrictParam : null,
    company_uuid: values.company_uuid ?? null,
    ...(signed && secret ? { secret } : {}),
  };
}

/** The form field that shows the server's message for `field` of the body. */
export function reportFormFieldOf(field: string, tagKind: TagKind): keyof ReportFormValues | null {
  if (field === "tag") return tagKind === "business" ? "product" : "tagKind";
  const known: (keyof ReportFormValues)[] = [
    "title",
    "img_uuid",
    "provider",
    "url",
    "resource_id",
    "restrict_param",
    "secret",
    "company_uuid",
    "active",
  ];
  return known.find((name) => name === field) ?? null;
}
