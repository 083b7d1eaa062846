import { z } from "zod";
import {
  ANNOUNCEMENT_MAX,
  EMAIL_MAX,
  FRESH_SIGN_IN_MINUTES,
  MENU_STYLES,
  NAME_MAX,
  PASSWORD_CHANGES_PER_MINUTE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REFRESHES_PER_MINUTE,
  THEMES,
  TOKEN_MAX,
  USERNAME_MAX,
} from "./constants.ts";
import { defineRoute } from "./http.ts";

// ---- field rules (shared by the forms and the API) ----

export const usernameSchema = z
  .string()
  .trim()
  .min(1, "Введите имя пользователя")
  .max(USERNAME_MAX, `Не более ${USERNAME_MAX} символов`)
  .regex(/^[\p{L}\p{N}_.@+-]+$/u, "Только буквы, цифры и символы _ . @ + -");

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Пароль должен быть не короче ${PASSWORD_MIN} символов`)
  .max(PASSWORD_MAX, `Не более ${PASSWORD_MAX} символов`);

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX, `Не более ${EMAIL_MAX} символов`)
  .pipe(z.email("Введите корректный адрес электронной почты"));

export const personNameSchema = z.string().trim().max(NAME_MAX, `Не более ${NAME_MAX} символов`);

/** A token or code from a mailed link. */
export const tokenSchema = z.string().trim().min(1, "Введите код из письма").max(TOKEN_MAX);

const refreshTokenSchema = z.string().min(1).max(TOKEN_MAX);

/**
 * What the server issues as a refresh token: the uuid of its row, a dot, a base64url secret.
 * Anything else cannot be one, so the refresh route refuses it as malformed input (400) before
 * any lookup; a well-formed token that is unknown, spent or expired is 401.
 */
export const REFRESH_TOKEN_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]+$/i;

export const themeSchema = z.enum(THEMES);

export const menuStyleSchema = z.enum(MENU_STYLES);

// ---- tokens ----

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginBodySchema = z.strictObject({
  username: z.string().trim().min(1, "Введите имя пользователя").max(USERNAME_MAX),
  password: z.string().min(1, "Введите пароль").max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginRoute = defineRoute({
  method: "POST",
  path: "/api/users/token/",
  auth: "public",
  body: loginBodySchema,
  response: tokenPairSchema,
  summary: "Вход по имени пользователя и паролю",
});

export const refreshRoute = defineRoute({
  method: "POST",
  path: "/api/users/token/refresh/",
  auth: "public",
  body: z.strictObject({
    refresh: refreshTokenSchema.regex(REFRESH_TOKEN_PATTERN, "Это не токен обновления: неверный формат"),
  }),
  response: tokenPairSchema,
  rateLimit: { max: REFRESHES_PER_MINUTE, timeWindowMs: 60_000 },
  summary: "Обмен refresh-токена на новую пару (старый отзывается)",
});

export const verifyTokenRoute = defineRoute({
  method: "GET",
  path: "/api/users/verify_token/",
  auth: "user",
  response: z.object({ user_id: z.number().int() }),
  summary: "Проверка access-токена",
});

export const logoutRoute = defineRoute({
  method: "POST",
  path: "/api/users/logout/",
  auth: "user",
  status: 205,
  body: z.strictObject({ refresh: refreshTokenSchema }),
  response: z.null(),
  summary: "Выход: отзывает сессию и её access-токен",
});

// ---- user database kinds ----

// What a user database holds (DOMAIN.md "Tenancy", "Equipment and power monitoring", "1C parser"):
// its kind decides which per-database menus and pages it is offered for — herd reports for herd
// data, monitoring for equipment monitoring, the 1C parser for accounting. The admin picks it in
// the database dialog.

export const DATABASE_KINDS = ["herd", "monitoring", "accounting"] as const;
export const databaseKindSchema = z.enum(DATABASE_KINDS);
export type DatabaseKind = z.infer<typeof databaseKindSchema>;

/** Russian names of the kinds, as the admin picks them. */
export const DATABASE_KIND_LABELS: Record<DatabaseKind, string> = {
  herd: "Данные стада",
  monitoring: "Мониторинг оборудования",
  accounting: "Бухгалтерия (1С)",
};

/** A database of each kind, as said after «Эта база —». */
const DATABASE_KIND_IN_TEXT: Record<DatabaseKind, string> = {
  herd: "данные стада",
  monitoring: "мониторинг оборудования",
  accounting: "бухгалтерия (1С)",
};

/** The pages of each database kind, and that a database of another kind has none. */
const DATABASE_KIND_PAGES: Record<DatabaseKind, string> = {
  herd: "отчёты по стаду для неё недоступны",
  monitoring: "мониторинг оборудования для неё недоступен",
  accounting: "загрузка из 1С для неё недоступна",
};

/**
 * A page for databases of kind `wanted` opened for a database of kind `actual`:
 * «Эта база — мониторинг оборудования: отчёты по стаду для неё недоступны». Here rather than in
 * errors.ts so the web app's check does not pull the error catalogue; a server route scoped to a
 * database kind answers a wrong one with this text too.
 */
export function wrongDatabaseKindText(actual: DatabaseKind, wanted: DatabaseKind): string {
  return `Эта база — ${DATABASE_KIND_IN_TEXT[actual]}: ${DATABASE_KIND_PAGES[wanted]}`;
}

// ---- user data (spec §3) ----

const uuid = z.string();
const uuidNameActive = z.object({ uuid, name: z.string(), active: z.boolean() });

export const iframeReportSchema = z.object({
  pk: z.number().int(),
  uuid,
  title: z.string(),
  tag: z.string(),
  img: z.string().nullable(),
  active: z.boolean(),
  group: z.array(z.number().int()),
});
export const iframeGroupSchema = z.object({
  pk: z.number().int(),
  title: z.string(),
  img: z.string().nullable(),
  active: z.boolean(),
  iframegroup: z.array(iframeReportSchema),
});
export const userDatabaseSchema = z.object({
  pk: z.number().int(),
  uuid,
  name: z.string(),
  server: z.string(),
  db_name: z.string(),
  active: z.boolean(),
  /** Herd data, monitoring or accounting: which per-database menus it is offered in. */
  kind: databaseKindSchema,
});
export const farmSchema = z.object({ uuid, name: z.string(), use_genetic: z.boolean() });
export const companySchema = z.object({ uuid, name: z.string() });
export const dtmEntrySchema = z.object({ uuid, company_code: z.string() });
export const workspaceSchema = z.object({ uuid, name: z.string() });

export const userDataSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  groups: z.array(z.number().int()),
  is_superuser: z.boolean(),
  theme: themeSchema,
  boards_menu_style: menuStyleSchema,
  users_online: z.array(z.number().int()),
  announcement: z.string().nullable(),
  read_status: z.boolean(),
  iframes: z.array(iframeReportSchema),
  iframegroup: z.array(iframeGroupSchema),
  database_report: z.array(userDatabaseSchema),
  database_plan_fact: z.array(uuidNameActive),
  database_segmentation: z.array(uuidNameActive),
  custom_segmentation: z.array(uuidNameActive),
  keygen_workspaces: z.array(workspaceSchema),
  report_generator_workspaces: z.array(workspaceSchema),
  user_databases: z.array(userDatabaseSchema),
  farms: z.array(farmSchema),
  user_companies: z.array(companySchema),
  boards: z.boolean(),
  reports: z.array(iframeReportSchema),
  database_upload_statistic: z.array(uuidNameActive),
  exports: z.array(workspaceSchema),
  export_template_databases: z.array(userDatabaseSchema),
  dtm: z.array(dtmEntrySchema),
  dc_305: z.boolean(),
  export_module: z.boolean(),
  tables_enabled: z.boolean(),
  use_bi: z.boolean(),
  table_lists: z.boolean(),
});
export type UserData = z.infer<typeof userDataSchema>;

export const userDataRoute = defineRoute({
  method: "GET",
  path: "/api/users/data/",
  auth: "user",
  response: userDataSchema,
  summary: "Данные текущего пользователя (spec §3)",
});

export const userProfileSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.object({ email: z.string() }),
  company: z.string().nullable(),
  theme: themeSchema,
  read_status: z.boolean(),
  last_read_announcement: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * The /userprofile/settings tab: the profile plus what the settings form edits. `has_password`
 * is false for accounts created through Yandex ID that never set a password: they may set one
 * without giving a current password (see changePasswordRoute). `pending_email` is the address a
 * requested email change waits to confirm (changeEmailRoute), null when none waits.
 */
export const userProfileSettingsSchema = userProfileSchema.extend({
  username: z.string(),
  boards_menu_style: menuStyleSchema,
  has_password: z.boolean(),
  pending_email: z.string().nullable(),
});
export type UserProfileSettings = z.infer<typeof userProfileSettingsSchema>;

export const userProfileRoute = defineRoute({
  method: "GET",
  path: "/api/users/user_profile/",
  auth: "user",
  response: userProfileSettingsSchema,
  summary: "Профиль и настройки текущего пользователя",
});

/**
 * PATCH fields that belong to the settings tab. Spec §6: role 6 cannot open profile settings
 * (`canOpenProfileSettings` in roles.ts), so the server refuses these fields, change_password and
 * change_email to such users with 403; theme, read_status, last_read_announcement and
 * boards_menu_style stay open to every user. The email is not a PATCH field: it changes only
 * through changeEmailRoute (current password, then the link mailed to the new address).
 */
export const PROFILE_SETTINGS_FIELDS = ["first_name", "last_name"] as const;

export const userProfilePatchSchema = z
  .strictObject({
    theme: themeSchema.optional(),
    read_status: z.boolean().optional(),
    /** The announcement text the user closed (spec §4); null to see the current one again. */
    last_read_announcement: z.string().max(ANNOUNCEMENT_MAX).nullable().optional(),
    boards_menu_style: menuStyleSchema.optional(),
    first_name: personNameSchema.optional(),
    last_name: personNameSchema.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, "Нет полей для изменения");
export type UserProfilePatch = z.input<typeof userProfilePatchSchema>;

export const userProfilePatchRoute = defineRoute({
  method: "PATCH",
  path: "/api/users/user_profile/",
  auth: "user",
  body: userProfilePatchSchema,
  /** The whole profile after the change, as GET user_profile answers it. */
  response: userProfileSettingsSchema,
  summary: "Тема, согласие с условиями, прочитанное объявление, вид меню досок, имя, фамилия",
});

export const changePasswordBodySchema = z.strictObject({
  /** Required when the account has a password (has_password); ignored when it has none. */
  old_password: z.string().max(PASSWORD_MAX).optional(),
  new_password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * Sets a new password. Errors: 400 `validation_error` with fields.old_password «Введите текущий
 * пароль» when it is missing, 400 `wrong_password` with fields.old_password «Неверный текущий
 * пароль» when it is wrong, 403 for role 6 (canOpenProfileSettings in roles.ts), 429 after
 * PASSWORD_CHANGES_PER_MINUTE attempts a minute. On success every other session of the user
 * is signed out (their refresh tokens stop working, their sockets close with 4401); the caller's
 * own tokens keep working.
 */
export const changePasswordRoute = defineRoute({
  method: "POST",
  path: "/api/users/change_password/",
  auth: "user",
  body: changePasswordBodySchema,
  response: z.object({ detail: z.string() }),
  rateLimit: { max: PASSWORD_CHANGES_PER_MINUTE, timeWindowMs: 60_000 },
  summary: "Смена пароля; остальные сессии пользователя завершаются",
});

export const changeEmailBodySchema = z.strictObject({
  /** Same rules as at registration. */
  email: emailSchema,
  /** The current password; required when the account has one (has_password). */
  password: z.string().max(PASSWORD_MAX).optional(),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/**
 * Asks to change the caller's email. Nothing changes yet: a link is mailed to the new address
 * (valid 24 hours, once; a newer request retires it) and the old address is told. Proof that the
 * caller is the owner: the current password, or — for an account without one (Yandex ID only) — a
 * session begun by a Yandex sign-in at most FRESH_SIGN_IN_MINUTES ago. Errors: 400
 * `validation_error` with fields.password «Введите текущий пароль» when it is missing, or
 * fields.email when the address is the current one; 400 `wrong_password` with fields.password;
 * 403 `fresh_sign_in_required`; 403 for role 6; 409 with fields.email when another account has
 * the address confirmed; 429 after PASSWORD_CHANGES_PER_MINUTE attempts a minute. A change of the
 * letter case only applies at once (same mailbox), without letters.
 */
export const changeEmailRoute = defineRoute({
  method: "POST",
  path: "/api/users/change_email/",
  auth: "user",
  body: changeEmailBodySchema,
  response: z.object({ detail: z.string(), pending_email: z.string().nullable() }),
  rateLimit: { max: PASSWORD_CHANGES_PER_MINUTE, timeWindowMs: 60_000 },
  summary: `Смена почты: пароль (или вход через Яндекс не старше ${FRESH_SIGN_IN_MINUTES} минут), затем ссылка на новый адрес`,
});

/**
 * Follows the link mailed by changeEmailRoute: the new address becomes the account's (confirmed)
 * and the old one is told. Public: the link may be opened in any browser; the token is the proof.
 * 400 `token_invalid` for a wrong, used or expired link; 409 with fields.email when another
 * account confirmed the address meanwhile.
 */
export const changeEmailConfirmRoute = defineRoute({
  method: "POST",
  path: "/api/users/change_email/confirm/",
  auth: "public",
  body: z.strictObject({ token: tokenSchema }),
  response: z.object({ detail: z.string(), email: z.string() }),
  rateLimit: { max: 20, timeWindowMs: 60_000 },
  summary: "Подтверждение нового адреса почты по ссылке из письма",
});

// ---- registration and recovery ----

export const registerBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  first_name: personNameSchema.default(""),
  last_name: personNameSchema.default(""),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

const detailSchema = z.object({ detail: z.string() });

export const registerRoute = defineRoute({
  method: "POST",
  path: "/api/users/register/",
  auth: "public",
  status: 201,
  body: registerBodySchema,
  response: detailSchema,
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  summary: "Регистрация: создаёт неактивного пользователя и отправляет письмо",
});

export const registrationConfirmRoute = defineRoute({
  method: "POST",
  path: "/api/users/registration_confirm/",
  auth: "public",
  body: z.strictObject({ token: tokenSchema }),
  response: detailSchema,
  rateLimit: { max: 20, timeWindowMs: 60_000 },
  summary: "Подтверждение регистрации по токену из письма",
});

export const passwordResetRequestRoute = defineRoute({
  method: "POST",
  path: "/api/users/password_reset/",
  auth: "public",
  body: z.strictObject({ email: emailSchema }),
  response: detailSchema,
  rateLimit: { max: 5, timeWindowMs: 60_000 },
  summary: "Запрос ссылки для сброса пароля (ответ одинаков для любого адреса)",
});

export const passwordResetConfirmRoute = defineRoute({
  method: "POST",
  path: "/api/users/password_reset/confirm/",
  auth: "public",
  body: z.strictObject({ token: tokenSchema, password: passwordSchema }),
  response: detailSchema,
  rateLimit: { max: 20, timeWindowMs: 60_000 },
  summary: "Новый пароль по токену из письма; все сессии пользователя отзываются",
});

export const tokenKindSchema = z.enum(["registration_confirm", "password_reset"]);
export type TokenKind = z.infer<typeof tokenKindSchema>;

export const tokenConfirmRoute = defineRoute({
  method: "POST",
  path: "/api/users/token_confirm/",
  auth: "public",
  body: z.strictObject({ token: tokenSchema }),
  response: z.object({ kind: tokenKindSchema, detail: z.string() }),
  rateLimit: { max: 20, timeWindowMs: 60_000 },
  summary: "Код из письма, введённый вручную: подтверждает регистрацию или проверяет код сброса пароля",
});

// ---- Yandex ID ----

export const yandexAuthorizeRoute = defineRoute({
  method: "GET",
  path: "/api/users/yandex/authorize_url/",
  auth: "public",
  response: z.object({ url: z.string(), state: z.string() }),
  summary: "Адрес входа через Яндекс и state для защиты от подмены",
});

export const yandexTokenRoute = defineRoute({
  method: "POST",
  path: "/api/users/yandex/token/",
  auth: "public",
  body: z.strictObject({ code: z.string().min(1).max(TOKEN_MAX), state: z.string().min(1).max(TOKEN_MAX) }),
  response: tokenPairSchema,
  rateLimit: { max: 20, timeWindowMs: 60_000 },
  summary: "Обмен кода Яндекса на токены Надоя",
});

/** How a person is named in lists, chat and boards: «Имя Фамилия», or the username when both are empty. */
export function displayName(user: { username: string; first_name: string; last_name: string }): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}
