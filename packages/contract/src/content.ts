import { z } from "zod";
import { ANNOUNCEMENT_MAX, NOTIFICATION_LINK_MAX, NOTIFICATION_TITLE_MAX } from "./constants.ts";
import { defineRoute } from "./http.ts";
import { ADMIN_ROLES, CONTENT_ROLES, ROLE_IDS, roleIdSchema } from "./roles.ts";
import { titleSchema } from "./validation-messages.ts";

// ---- content editors' area: news, sent notifications, the announcement (issue 6) ----
//
// Readers: GET /api/news/ (the home page feed) and /api/news/:id/ are for every signed-in user and
// show only published news (publish_at in the past) whose audience includes the caller: everyone,
// a company the caller is a member of, or the caller's role (first group). Superusers see all.
// News outside the caller's audience answers 404, exactly like a missing one.
//
// Editors: every /api/manage/... route is for superusers and role 2 (CONTENT_ROLES); others get
// 403, anonymous callers 401. Every change an editor makes is written to the audit log (who, what,
// when, before → after) in the same transaction.
//
// Rich text (news body) is HTML, sanitised by the server when saved (only formatting, lists,
// links with http(s)/mailto/relative targets, images from /api/content/images/, tables) and
// rendered through the same sanitiser again in the browser.

/** What every rich text keeps: formatting, headings, lists, quotes and links (server and browser sanitisers). */
export const RICH_TEXT_BASE_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "h2",
  "h3",
  "h4",
] as const;
export const RICH_TEXT_TABLE_TAGS = ["table", "thead", "tbody", "tr", "th", "td"] as const;
/** The only pictures content may show: images uploaded for content (contentImagePath). */
export const CONTENT_IMAGE_SRC =
  /^\/api\/content\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/$/i;

export const NEWS_TITLE_MAX = 200;
export const NEWS_EXCERPT_MAX = 500;
export const NEWS_BODY_MAX = 200_000;
export const NEWS_PAGE_SIZE = 10;
export const NOTIFICATION_MSG_MAX = 2000;

const id = z.number().int().positive();
const isoDate = z.iso.datetime();
const roleId = roleIdSchema;

/** Who sees a news item. */
export const newsAudienceSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("all") }),
  z.strictObject({ kind: z.literal("companies"), company_uuids: z.array(z.uuid()).min(1).max(500) }),
  z.strictObject({ kind: z.literal("roles"), roles: z.array(roleId).min(1).max(ROLE_IDS.length) }),
]);
export type NewsAudience = z.infer<typeof newsAudienceSchema>;

/** A feed entry. `cover_url` is a /api/content/images/<uuid>/ path, or null. */
export const newsItemSchema = z.object({
  id,
  title: z.string(),
  excerpt: z.string(),
  cover_url: z.string().nullable(),
  publish_at: isoDate,
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsDetailSchema = newsItemSchema.extend({
  /** Sanitised HTML. */
  body: z.string(),
});
export type NewsDetail = z.infer<typeof newsDetailSchema>;

export const newsPageSchema = z.object({
  items: z.array(newsItemSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
});
export type NewsPage = z.infer<typeof newsPageSchema>;

export const listNews = defineRoute({
  method: "GET",
  path: "/api/news/",
  auth: "user",
  query: z.strictObject({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
  response: newsPageSchema,
  summary: "Лента новостей для вызывающего, новые первыми",
});

export const getNews = defineRoute({
  method: "GET",
  path: "/api/news/:id/",
  auth: "user",
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: newsDetailSchema,
  summary: "Одна новость",
});

// ---- editors: news ----

export const NEWS_STATUSES = ["draft", "scheduled", "published"] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

/** The status a publish time gives at `now`. */
export function newsStatus(publishAt: string | null, now: Date = new Date()): NewsStatus {
  if (publishAt === null) return "draft";
  return new Date(publishAt).getTime() > now.getTime() ? "scheduled" : "published";
}

export const NEWS_STATUS_NAMES: Record<NewsStatus, string> = {
  draft: "Черновик",
  scheduled: "Запланирована",
  published: "Опубликована",
};

const editorRef = z.object({ id, name: z.string() }).nullable();

export const managedNewsSchema = newsDetailSchema.extend({
  publish_at: isoDate.nullable(),
  status: z.enum(NEWS_STATUSES),
  cover_image_uuid: z.uuid().nullable(),
  /** Companies as {uuid, name} so that the form can show them. */
  audience: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("all") }),
    z.object({ kind: z.literal("companies"), companies: z.array(z.object({ uuid: z.uuid(), name: z.string() })) }),
    z.object({ kind: z.literal("roles"), roles: z.array(z.number().int()) }),
  ]),
  created_by: editorRef,
  updated_by: editorRef,
  created_at: isoDate,
  updated_at: isoDate,
});
export type ManagedNews = z.infer<typeof managedNewsSchema>;

const newsFields = {
  title: titleSchema(NEWS_TITLE_MAX),
  excerpt: z.string().trim().max(NEWS_EXCERPT_MAX),
  body: z.string().max(NEWS_BODY_MAX),
  /** An image uploaded with uploadContentImage, or null. */
  cover_image_uuid: z.uuid().nullable(),
  audience: newsAudienceSchema,
};

/** A new item: only the title is required. */
export const newsInputSchema = z.strictObject({
  ...newsFields,
  excerpt: newsFields.excerpt.default(""),
  body: newsFields.body.default(""),
  cover_image_uuid: newsFields.cover_image_uuid.default(null),
  audience: newsFields.audience.default({ kind: "all" }),
});
export type NewsInput = z.input<typeof newsInputSchema>;

/** A change: only the fields sent change (no defaults, so nothing left out is reset). */
export const newsPatchSchema = z.strictObject(newsFields).partial();

const editors = { roles: CONTENT_ROLES } as const;
const newsParams = z.object({ id: z.coerce.number().int().positive() });

/** Every news item, newest change first: drafts, scheduled and published. */
export const manageNewsList = defineRoute({
  method: "GET",
  path: "/api/manage/news/",
  auth: editors,
  response: z.array(managedNewsSchema.omit({ body: true })),
  summary: "Все новости для редактора",
});

/** Created as a draft (publish with publishNews). */
export const createNews = defineRoute({
  method: "POST",
  path: "/api/manage/news/",
  auth: editors,
  status: 201,
  body: newsInputSchema,
  response: managedNewsSchema,
  summary: "Создать новость (черновик)",
});

export const manageNews = defineRoute({
  method: "GET",
  path: "/api/manage/news/:id/",
  auth: editors,
  params: newsParams,
  response: managedNewsSchema,
  summary: "Новость для редактора",
});

export const updateNews = defineRoute({
  method: "PATCH",
  path: "/api/manage/news/:id/",
  auth: editors,
  params: newsParams,
  body: newsPatchSchema,
  response: managedNewsSchema,
  summary: "Изменить новость",
});

export const deleteNews = defineRoute({
  method: "DELETE",
  path: "/api/manage/news/:id/",
  auth: editors,
  status: 204,
  params: newsParams,
  response: z.void(),
  summary: "Удалить новость",
});

/** `publish_at`: null = back to draft; now or past = published; future = scheduled. */
export const publishNews = defineRoute({
  method: "POST",
  path: "/api/manage/news/:id/publish/",
  auth: editors,
  params: newsParams,
  body: z.strictObject({ publish_at: isoDate.nullable() }),
  response: managedNewsSchema,
  summary: "Опубликовать, запланировать или снять с публикации",
});

// ---- images for content (covers, pictures in the text) ----

export const CONTENT_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
export const CONTENT_IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
} as const;
export const CONTENT_IMAGE_ACCEPT = Object.keys(CONTENT_IMAGE_TYPES)
  .map((ext) => `.${ext}`)
  .join(",");
export const CONTENT_IMAGE_TYPE_TEXT = "Подходят изображения PNG, JPEG, GIF и WebP";
export const CONTENT_IMAGE_SIZE_TEXT = "Изображение больше 5 МБ";
export const contentImagePath = (uuid: string) => `/api/content/images/${uuid}/`;

/** Why the server would refuse this image (extension, size), or null: the browser asks first; the server checks the bytes too. */
export function contentImageProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.includes(".") ? (file.name.split(".").pop() ?? "").toLowerCase() : "";
  if (!Object.hasOwn(CONTENT_IMAGE_TYPES, extension)) return CONTENT_IMAGE_TYPE_TEXT;
  if (file.size > CONTENT_IMAGE_BYTES_MAX) return CONTENT_IMAGE_SIZE_TEXT;
  return null;
}

/**
 * Body: the image's bytes (Content-Type application/octet-stream); `name` its file name. The
 * extension and the first bytes must agree (415 with CONTENT_IMAGE_TYPE_TEXT otherwise); over
 * CONTENT_IMAGE_BYTES_MAX is 413.
 */
export const uploadContentImage = defineRoute({
  method: "POST",
  path: "/api/content/images/",
  // Admins too: report and iframe-group cards have pictures (reports.ts).
  auth: { roles: [...CONTENT_ROLES, ...ADMIN_ROLES] },
  status: 201,
  query: z.strictObject({ name: z.string().trim().min(1).max(255) }),
  response: z.object({ uuid: z.uuid(), url: z.string() }),
  bodyLimit: CONTENT_IMAGE_BYTES_MAX,
  summary: "Загрузить изображение для новости",
});

/**
 * The image. Public (an <img> cannot send a bearer token): the uuid is unguessable, and it only
 * names images editors put into content. Cached for a year (an image never changes).
 */
export const getContentImage = defineRoute({
  method: "GET",
  path: "/api/content/images/:uuid/",
  auth: "public",
  params: z.object({ uuid: z.uuid() }),
  response: z.unknown(),
  summary: "Изображение из новости",
});

// ---- editors: notifications ----

/** Whom a notification goes to: chosen users, every user of some roles or companies, or everyone active. */
export const notificationAudienceSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("all") }),
  z.strictObject({ kind: z.literal("users"), user_ids: z.array(id).min(1).max(10_000) }),
  z.strictObject({ kind: z.literal("roles"), roles: z.array(roleId).min(1).max(ROLE_IDS.length) }),
  z.strictObject({ kind: z.literal("companies"), company_uuids: z.array(z.uuid()).min(1).max(500) }),
]);
export type NotificationAudience = z.infer<typeof notificationAudienceSchema>;

/** A same-site path ("/reports") or an http(s) URL. */
const notificationLink = z
  .string()
  .trim()
  .max(NOTIFICATION_LINK_MAX)
  .refine(
    (value) => /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/\S+$/.test(value),
    "Ссылка — путь портала (/reports) или адрес http(s)://",
  );

export const sendNotificationBodySchema = z.strictObject({
  title: titleSchema(NOTIFICATION_TITLE_MAX),
  msg: z.string().trim().min(1).max(NOTIFICATION_MSG_MAX),
  link: notificationLink.nullable().default(null),
  audience: notificationAudienceSchema,
});
export type SendNotificationBody = z.input<typeof sendNotificationBodySchema>;

/**
 * One notification row per active recipient, written in one INSERT … SELECT (10,000 recipients
 * are one statement). 400 with fields.audience when nobody matches. Connected recipients' bells
 * update at once (main socket NOTIFICATIONS_CHANGED), the rest within a poll.
 */
export const sendNotification = defineRoute({
  method: "POST",
  path: "/api/manage/notifications/",
  auth: editors,
  status: 201,
  body: sendNotificationBodySchema,
  response: z.object({ id, recipients: z.number().int().min(1) }),
  rateLimit: { max: 30, timeWindowMs: 60_000 },
  summary: "Отправить уведомление пользователям, ролям или компаниям",
});

export const sentNotificationSchema = z.object({
  id,
  title: z.string(),
  msg: z.string(),
  link: z.string().nullable(),
  /** In Russian, for the list: «Все пользователи», «Роли: Клиент», «Компании: …», «Пользователи: 3». */
  audience_text: z.string(),
  recipients: z.number().int().min(0),
  read_count: z.number().int().min(0),
  created_by: editorRef,
  created_at: isoDate,
});
export type SentNotification = z.infer<typeof sentNotificationSchema>;

export const SENT_NOTIFICATIONS_PAGE_SIZE = 20;

/** What was sent, newest first, a page at a time, with how many recipients have read it. */
export const sentNotifications = defineRoute({
  method: "GET",
  path: "/api/manage/notifications/",
  auth: editors,
  query: z.strictObject({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
  response: z.object({
    items: z.array(sentNotificationSchema),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
  }),
  summary: "Отправленные уведомления с числом прочитавших",
});

/** People, companies and roles to address, for the send form: up to 20 users matching `q`. */
export const notificationRecipients = defineRoute({
  method: "GET",
  path: "/api/manage/recipients/",
  auth: editors,
  query: z.strictObject({ q: z.string().trim().max(100).default("") }),
  response: z.object({
    users: z.array(z.object({ id, username: z.string(), name: z.string() })).max(20),
    companies: z.array(z.object({ uuid: z.uuid(), name: z.string() })),
  }),
  summary: "Кому можно отправить уведомление",
});

// ---- editors: the announcement (spec §4) ----

export const announcementSchema = z.object({ text: z.string().nullable() });

export const getAnnouncement = defineRoute({
  method: "GET",
  path: "/api/manage/announcement/",
  auth: editors,
  response: announcementSchema,
  summary: "Текущее объявление",
});

/** Sets the site-wide announcement (everyone who has not closed this text sees it); null clears it. */
export const setAnnouncement = defineRoute({
  method: "PUT",
  path: "/api/manage/announcement/",
  auth: editors,
  body: z.strictObject({ text: z.string().trim().min(1).max(ANNOUNCEMENT_MAX).nullable() }),
  response: announcementSchema,
  summary: "Задать или убрать объявление",
});
