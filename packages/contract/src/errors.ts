import { z } from "zod";
import { FRESH_SIGN_IN_MINUTES } from "./constants.ts";
import { formatFileSize } from "./file-size.ts";
import { pluralRu } from "./plural.ts";

/** Every API error has this JSON shape; `fields` carries per-field messages for forms. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** Where in a typed text the mistake is (0-based offset), for inputs such as a segment rule. */
  position: z.number().int().min(0).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const ErrorCode = {
  validation: "validation_error",
  invalidJson: "invalid_json",
  notFound: "not_found",
  unauthorized: "unauthorized",
  invalidCredentials: "invalid_credentials",
  accountInactive: "account_inactive",
  accountDisabled: "account_disabled",
  tokenInvalid: "token_invalid",
  /** The access token is expired, tampered with, or its session was signed out. */
  tokenNotValid: "token_not_valid",
  forbidden: "forbidden",
  conflict: "conflict",
  tooManyRequests: "too_many_requests",
  payloadTooLarge: "payload_too_large",
  /** An upload that would take the uploader or their company past a storage quota (413). */
  quotaExceeded: "quota_exceeded",
  /** This server instance is busy with as many uploads as it takes at once (503, Retry-After). */
  serverBusy: "server_busy",
  unsupportedMediaType: "unsupported_media_type",
  providerDisabled: "provider_disabled",
  providerFailed: "provider_failed",
  /** The current password given to change it is wrong (fields.old_password says so). */
  wrongPassword: "wrong_password",
  /** The account has no password and its session is older than FRESH_SIGN_IN_MINUTES (403). */
  freshSignInRequired: "fresh_sign_in_required",
  /** A plain HTTP request to a WebSocket path (426). */
  upgradeRequired: "upgrade_required",
  /** A chat message that was deleted cannot be edited or pinned (409). */
  chatMessageDeleted: "chat_message_deleted",
  /** A task cannot be added to or moved into a group that holds its board's capacity (409). */
  boardGroupFull: "board_group_full",
  /** Only an empty group can be deleted (409). */
  boardGroupNotEmpty: "board_group_not_empty",
  /** A board has BOARD_GROUPS_MAX groups already (409). */
  boardGroupsLimit: "board_groups_limit",
  /** The user's previous file import is still running (409): one at a time per user. */
  importInProgress: "import_in_progress",
  /** No `Authorization: Key …`, or a key no one issued (401). */
  keyInvalid: "key_invalid",
  /** The key was revoked (401). */
  keyRevoked: "key_revoked",
  /** The key's expiry has passed (401). */
  keyExpired: "key_expired",
  /** The key is valid but issued for another kind of transfer (403). */
  keyWrongScope: "key_wrong_scope",
  internal: "internal_error",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** User-facing texts of the errors the API sends (Russian: the UI shows them as they are). */
export const ErrorText = {
  validation: "Проверьте введённые данные",
  invalidJson: "Некорректный JSON в теле запроса",
  notFound: "Не найдено",
  unauthorized: "Требуется вход в систему",
  invalidCredentials: "Неверное имя пользователя или пароль",
  accountInactive: "Учётная запись не подтверждена. Перейдите по ссылке из письма.",
  accountDisabled: "Учётная запись отключена. Обратитесь к администратору.",
  tokenInvalid: "Ссылка недействительна или устарела",
  forbidden: "Недостаточно прав",
  usernameTaken: "Это имя пользователя уже занято",
  emailTaken: "Этот адрес уже зарегистрирован",
  tooManyRequests: "Слишком много попыток. Повторите позже.",
  payloadTooLarge: "Слишком большой запрос",
  providerDisabled: "Вход через Яндекс не настроен",
  providerFailed: "Не удалось войти через Яндекс",
  wrongPassword: "Неверный текущий пароль",
  oldPasswordRequired: "Введите текущий пароль",
  emailUnchanged: "Это ваш текущий адрес",
  freshSignInRequired: `Чтобы сменить адрес, подтвердите, что это вы: выйдите и снова войдите через Яндекс ID, затем повторите смену адреса в течение ${FRESH_SIGN_IN_MINUTES} ${pluralRu(FRESH_SIGN_IN_MINUTES, ["минуты", "минут", "минут"])}.`,
  chatMessageDeleted: "Сообщение удалено",
  chatNotContact: "С этим пользователем нельзя начать чат",
  chatSelf: "Нельзя начать чат с самим собой",
  chatNoMembers: "Добавьте хотя бы одного участника",
  chatTooManyMembers: "Слишком много участников группы",
  chatReplyMissing: "Сообщение, на которое вы отвечаете, не найдено",
  chatDirectFixed: "Личный чат нельзя переименовать или пополнить",
  boardGroupNotEmpty: "В группе есть задачи: перенесите или удалите их, затем удалите группу",
  boardGroupsLimit: "На доске уже максимум групп",
  boardGroupMissing: "Группа не найдена на этой доске",
  boardTaskMissing: "Задача не найдена в этой группе",
  boardProjectMissing: "Проект не найден на этой доске",
  boardAssigneeNotMember: "Исполнителем может быть только сотрудник компании",
  boardDescriptionTooLong: "Описание слишком длинное",
  importInProgress: "Дождитесь окончания предыдущего импорта: файлы загружаются по одному",
  internal: "Что-то пошло не так...",
  uploadsBusy: "Сервер сейчас принимает много файлов. Повторите через несколько секунд.",
  keyMissing: "Нужен ключ: заголовок «Authorization: Key <ключ>». Ключ создают в разделе «Генератор ключей».",
  keyInvalid: "Ключ не найден: проверьте, что он скопирован целиком",
  keyRevoked: "Ключ отозван. Создайте новый в разделе «Генератор ключей».",
  keyExpired: "Срок действия ключа истёк. Создайте новый в разделе «Генератор ключей».",
  keyWrongScope: "Этот ключ выдан для другого вида передачи данных",
} as const;

const ruNumber = (n: number) => n.toLocaleString("ru-RU");

/** 400 about an imported file with more rows below its header than the importer takes. */
export function importRowsLimitText(maxRows: number): string {
  return `В файле больше ${ruNumber(maxRows)} ${pluralRu(maxRows, ["строки", "строк", "строк"])} — это предел одной загрузки. Разделите файл на части.`;
}

/** 400 about an imported file with a row of more cells than any importer reads. */
export function importColumnsLimitText(line: number, maxColumns: number): string {
  return `В строке ${line} файла больше ${ruNumber(maxColumns)} ${pluralRu(maxColumns, ["столбца", "столбцов", "столбцов"])}`;
}

/** 413 about an imported file larger than the importer takes. */
export function importFileTooLargeText(maxBytes: number): string {
  const mb = maxBytes / 1024 / 1024;
  return mb >= 1
    ? `Файл больше ${ruNumber(Math.floor(mb))} МБ`
    : `Файл больше ${ruNumber(Math.floor(maxBytes / 1024))} КБ`;
}

/** 409 board_group_full: names the group and its board's limit. */
export function boardGroupFullText(groupName: string, capacity: number): string {
  return `В группе «${groupName}» уже ${capacity} ${pluralRu(capacity, ["задача", "задачи", "задач"])} — это предел доски. Завершите или перенесите задачи из неё.`;
}

/** «35 МБ из 100 МБ»: how much of a storage quota is taken (contract attachments.ts). */
export function quotaUsageText(usedBytes: number, limitBytes: number): string {
  return `${formatFileSize(usedBytes)} из ${formatFileSize(limitBytes)}`;
}

/**
 * 413 quota_exceeded: which quota the file does not fit in, how full it is and what helps.
 * `hours`: how long unattached files are kept.
 */
export const QuotaText = {
  unclaimed: (used: number, limit: number, hours: number) =>
    `Файл не поместится: загруженные, но ещё не прикреплённые файлы занимают ${quotaUsageText(used, limit)}. Прикрепите их к сообщению или задаче — или подождите: неприкреплённые файлы удаляются через ${hours} ${pluralRu(hours, ["час", "часа", "часов"])}.`,
  user: (used: number, limit: number) =>
    `Файл не поместится: ваши файлы занимают ${quotaUsageText(used, limit)}. Удалите ненужные файлы из задач и сообщений.`,
  company: (companyName: string, used: number, limit: number) =>
    `Файл не поместится: файлы компании «${companyName}» занимают ${quotaUsageText(used, limit)}. Обратитесь к администратору.`,
} as const;

/** 429 on uploads: the per-user rate, and when to try again. */
export function uploadRateText(perMinute: number, retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return `Не больше ${perMinute} ${pluralRu(perMinute, ["файла", "файлов", "файлов"])} в минуту. Повторите через ${seconds} ${pluralRu(seconds, ["секунду", "секунды", "секунд"])}.`;
}

/** 429 on uploads: one user's uploads at the same moment. */
export function uploadsAtOnceText(max: number): string {
  return `Одновременно загружается не больше ${max} ${pluralRu(max, ["файла", "файлов", "файлов"])}: дождитесь, пока загрузятся предыдущие.`;
}
