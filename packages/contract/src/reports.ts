import { z } from "zod";
import { defineRoute } from "./http.ts";
import { ADMIN_ROLES } from "./roles.ts";
import { titleSchema } from "./validation-messages.ts";

// ---- the reports portal: iframe reports and iframe groups (issue 6 item 6) ----
//
// Who sees a report: an active report given to the caller directly, or through an active iframe
// group given to the caller. A report tied to a company is shown only to members of that company,
// whatever was given. Superusers and admins (role 1) see every active report. Anything else —
// missing, inactive, not given, another company's — answers 404 alike.
//
// Embeds: a report's provider says how /report/:id shows it.
// - `url`: the iframe opens `url` as it is.
// - `metabase`: the server signs a Metabase static-embedding token (HS256 JWT: resource
//   {dashboard: resource_id}, params, exp) with the report's secret and answers
//   `{url}/embed/dashboard/{token}#bordered=false&titled=true`.
// - `datalens`: the server signs a Yandex DataLens embed token (PS256 JWT: embedId = resource_id,
//   dlEmbedService, iat, exp, params) with the report's private key and answers `{url}#dl_embed_token={token}`.
// Tokens live EMBED_TTL_SECONDS. When `restrict_param` is set, `params[restrict_param]` is the
// list of the caller's company uuids (for superusers and admins: every company of the report, or
// none for a report of no company), so that a client never sees other companies' rows. The secret
// is write-only: no response carries it (admins see `has_secret`).
//
// Admin routes (/api/admin/reports/, /api/admin/iframe-groups/) are for superusers and role 1;
// every change is written to the audit log ({id, before, after}).

export const EMBED_TTL_SECONDS = 600;
export const REPORT_TITLE_MAX = 200;
export const REPORT_URL_MAX = 2000;
export const REPORT_SECRET_MAX = 8000;

export const REPORT_PROVIDERS = ["url", "metabase", "datalens"] as const;
export type ReportProvider = (typeof REPORT_PROVIDERS)[number];
export const REPORT_PROVIDER_NAMES: Record<ReportProvider, string> = {
  url: "Ссылка (iframe)",
  metabase: "Metabase (подписанная ссылка)",
  datalens: "Yandex DataLens (подписанная ссылка)",
};

/** Spec §3 report tags: business_{product}, custom_reports, forms, dpa. */
export const REPORT_TAG = /^(business_[a-z0-9_]{1,40}|custom_reports|forms|dpa)$/;
export const FIXED_REPORT_TAGS = ["custom_reports", "forms", "dpa"] as const;

/** Russian names of the usual business products (the {product} of business_{product}). */
export const BUSINESS_PRODUCT_NAMES: Readonly<Record<string, string>> = {
  milk: "молоко",
  feed: "корма",
  meat: "мясо",
  cattle: "скот",
  calves: "телята",
  breeding: "племенное дело",
  grain: "зерно",
  crops: "растениеводство",
  cheese: "сыр",
  butter: "масло",
  cream: "сливки",
  sour_cream: "сметана",
  cottage_cheese: "творог",
  kefir: "кефир",
  yogurt: "йогурт",
  whey: "сыворотка",
  milk_powder: "сухое молоко",
  ice_cream: "мороженое",
};

/**
 * The Russian name of a tag: business_milk → «Бизнес: молоко». A product outside the list above
 * keeps the key its administrator typed.
 */
export function reportTagName(tag: string): string {
  if (tag.startsWith("business_")) {
    const product = tag.slice("business_".length);
    return `Бизнес: ${BUSINESS_PRODUCT_NAMES[product] ?? product}`;
  }
  if (tag === "custom_reports") return "Индивидуальные отчёты";
  if (tag === "forms") return "Формы";
  if (tag === "dpa") return "DPA";
  return tag;
}

const isoDate = z.iso.datetime();
const admins = { roles: ADMIN_ROLES } as const;

/** A report as its readers see it (spec §3 iframe report; `img` a content image path or null). */
export const portalReportSchema = z.object({
  pk: z.number().int(),
  uuid: z.uuid(),
  title: z.string(),
  tag: z.string(),
  img: z.string().nullable(),
  active: z.boolean(),
  /** Pks of the caller's groups holding it. */
  group: z.array(z.number().int()),
});
export type PortalReport = z.infer<typeof portalReportSchema>;

export const portalGroupSchema = z.object({
  pk: z.number().int(),
  title: z.string(),
  img: z.string().nullable(),
  active: z.boolean(),
  /** Its visible reports, in the group's order. */
  iframegroup: z.array(portalReportSchema),
});
export type PortalGroup = z.infer<typeof portalGroupSchema>;

export const reportsPortalSchema = z.object({
  /** Every report the caller may open, by title. */
  reports: z.array(portalReportSchema),
  /** The caller's active groups, by title (empty for superusers and admins who were given none). */
  groups: z.array(portalGroupSchema),
});
export type ReportsPortal = z.infer<typeof reportsPortalSchema>;

export const getReportsPortal = defineRoute({
  method: "GET",
  path: "/api/reports/",
  auth: "user",
  response: reportsPortalSchema,
  summary: "Отчёты вызывающего и его группы отчётов",
});

export const reportEmbedSchema = z.object({
  report: portalReportSchema,
  provider: z.enum(REPORT_PROVIDERS),
  /** What the iframe opens. */
  url: z.string(),
  /** When a signed URL stops working; null for plain links. */
  expires_at: isoDate.nullable(),
});
export type ReportEmbed = z.infer<typeof reportEmbedSchema>;

export const getReportEmbed = defineRoute({
  method: "GET",
  path: "/api/reports/:uuid/embed/",
  auth: "user",
  params: z.object({ uuid: z.uuid() }),
  response: reportEmbedSchema,
  summary: "Адрес для встраивания отчёта (подписанный, если этого требует поставщик)",
});

/** A user's groups: the user themselves, or an admin/superuser (others 404). */
export const getUserReportGroups = defineRoute({
  method: "GET",
  path: "/api/reports/users/:id/groups/",
  auth: "user",
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({
    user: z.object({ id: z.number().int(), name: z.string() }),
    groups: z.array(portalGroupSchema),
  }),
  summary: "Группы отчётов пользователя",
});

// ---- admins: the catalogue ----

const refSchema = z.object({ uuid: z.uuid(), name: z.string() });

export const adminReportSchema = z.object({
  pk: z.number().int(),
  uuid: z.uuid(),
  title: z.string(),
  tag: z.string(),
  /** An image uploaded with uploadContentImage, or null. */
  img_uuid: z.uuid().nullable(),
  img: z.string().nullable(),
  active: z.boolean(),
  provider: z.enum(REPORT_PROVIDERS),
  url: z.string(),
  resource_id: z.string(),
  restrict_param: z.string().nullable(),
  has_secret: z.boolean(),
  company: refSchema.nullable(),
  groups: z.array(z.object({ pk: z.number().int(), title: z.string() })),
  users_count: z.number().int().min(0),
  updated_at: isoDate,
});
export type AdminReport = z.infer<typeof adminReportSchema>;

// https only: the portal's pages may frame only https pages (CSP frame-src, and browsers block
// plain http inside an https page anyway).
const httpsUrl = z
  .string()
  .trim()
  .max(REPORT_URL_MAX)
  .pipe(z.url({ protocol: /^https$/, error: "Нужен адрес https://" }));

const reportFields = {
  title: titleSchema(REPORT_TITLE_MAX),
  tag: z.string().trim().regex(REPORT_TAG, "Тег: business_<продукт>, custom_reports, forms или dpa"),
  img_uuid: z.uuid().nullable(),
  active: z.boolean(),
  provider: z.enum(REPORT_PROVIDERS),
  url: httpsUrl,
  /** Metabase dashboard number or DataLens embed id; "" for plain links. */
  resource_id: z.string().trim().max(200),
  restrict_param: z
    .string()
    .trim()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/i, "Имя параметра: латинские буквы, цифры и _")
    .nullable(),
  /** Write-only. Metabase: the embedding secret key; DataLens: the PEM private key. null clears it. */
  secret: z.string().trim().min(1).max(REPORT_SECRET_MAX).nullable(),
  company_uuid: z.uuid().nullable(),
};

/** Signed providers need resource_id and a secret (400 with fields otherwise). */
export const createReport = defineRoute({
  method: "POST",
  path: "/api/admin/reports/",
  auth: admins,
  status: 201,
  body: z.strictObject({
    ...reportFields,
    img_uuid: reportFields.img_uuid.default(null),
    active: reportFields.active.default(true),
    provider: reportFields.provider.default("url"),
    resource_id: reportFields.resource_id.default(""),
    restrict_param: reportFields.restrict_param.default(null),
    secret: reportFields.secret.default(null),
    company_uuid: reportFields.company_uuid.default(null),
  }),
  response: adminReportSchema,
  summary: "Добавить отчёт",
});

export const listAdminReports = defineRoute({
  method: "GET",
  path: "/api/admin/reports/",
  auth: admins,
  response: z.array(adminReportSchema),
  summary: "Все отчёты (каталог)",
});

const reportParams = z.object({ uuid: z.uuid() });

export const updateReport = defineRoute({
  method: "PATCH",
  path: "/api/admin/reports/:uuid/",
  auth: admins,
  params: reportParams,
  body: z.strictObject(reportFields).partial(),
  response: adminReportSchema,
  summary: "Изменить отчёт",
});

export const deleteReport = defineRoute({
  method: "DELETE",
  path: "/api/admin/reports/:uuid/",
  auth: admins,
  status: 204,
  params: reportParams,
  response: z.void(),
  summary: "Удалить отчёт",
});

export const adminIframeGroupSchema = z.object({
  pk: z.number().int(),
  title: z.string(),
  img_uuid: z.uuid().nullable(),
  img: z.string().nullable(),
  active: z.boolean(),
  /** Its reports in order. */
  reports: z.array(z.object({ uuid: z.uuid(), title: z.string(), active: z.boolean() })),
  users_count: z.number().int().min(0),
});
export type AdminIframeGroup = z.infer<typeof adminIframeGroupSchema>;

const groupFields = {
  title: titleSchema(REPORT_TITLE_MAX),
  img_uuid: z.uuid().nullable(),
  active: z.boolean(),
  /** The group's reports in order (unknown uuid → 400 fields.report_uuids). */
  report_uuids: z.array(z.uuid()).max(500),
};

export const listAdminIframeGroups = defineRoute({
  method: "GET",
  path: "/api/admin/iframe-groups/",
  auth: admins,
  response: z.array(adminIframeGroupSchema),
  summary: "Группы отчётов",
});

export const createIframeGroup = defineRoute({
  method: "POST",
  path: "/api/admin/iframe-groups/",
  auth: admins,
  status: 201,
  body: z.strictObject({
    ...groupFields,
    img_uuid: groupFields.img_uuid.default(null),
    active: groupFields.active.default(true),
    report_uuids: groupFields.report_uuids.default([]),
  }),
  response: adminIframeGroupSchema,
  summary: "Создать группу отчётов",
});

const groupParams = z.object({ pk: z.coerce.number().int().positive() });

export const updateIframeGroup = defineRoute({
  method: "PATCH",
  path: "/api/admin/iframe-groups/:pk/",
  auth: admins,
  params: groupParams,
  body: z.strictObject(groupFields).partial(),
  response: adminIframeGroupSchema,
  summary: "Изменить группу отчётов",
});

export const deleteIframeGroup = defineRoute({
  method: "DELETE",
  path: "/api/admin/iframe-groups/:pk/",
  auth: admins,
  status: 204,
  params: groupParams,
  response: z.void(),
  summary: "Удалить группу отчётов",
});
