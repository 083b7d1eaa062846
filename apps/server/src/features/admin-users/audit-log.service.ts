import { AUDIT_PAGE_SIZE, type AuditEntry, type listAudit as listAuditRoute } from "@nadoy/contract/admin-users";
import type { RouteQuery } from "@nadoy/contract/http";
import type { Db } from "../../db/client.ts";
import type { AuditAction } from "../../platform/audit.ts";
import { displayName } from "./admin-user-dto.ts";
import { listAudit } from "./audit-log.repository.ts";
import { auditSubjects } from "./audit-subjects.ts";

/** Every action the server writes, in Russian (a Record, so a new action cannot be left out). */
export const AUDIT_ACTION_TEXT: Record<AuditAction, string> = {
  login: "Вход",
  login_failed: "Неудачная попытка входа",
  logout: "Выход",
  refresh_reuse: "Повторное использование токена: сеанс завершён",
  register: "Регистрация",
  registration_email_taken: "Попытка регистрации на занятый адрес (владельцу отправлено письмо)",
  registration_confirmed: "Подтверждение регистрации",
  password_reset_requested: "Запрос на восстановление пароля",
  password_reset: "Восстановление пароля",
  yandex_login: "Вход через Яндекс ID",
  profile_updated: "Изменение профиля",
  api_key_created: "Создание ключа в генераторе ключей",
  api_key_revoked: "Отзыв ключа",
  email_changed: "Смена адреса электронной почты",
  email_change_requested: "Запрос на смену адреса электронной почты",
  email_change_failed: "Неудачная попытка смены адреса электронной почты",
  unconfirmed_email_released: "Неподтверждённый адрес снят: его владелец вошёл через Яндекс ID или подтвердил его",
  password_changed: "Смена пароля",
  password_change_failed: "Неудачная попытка смены пароля",
  news_created: "Создание новости",
  news_updated: "Изменение новости",
  news_deleted: "Удаление новости",
  news_published: "Публикация новости",
  content_image_uploaded: "Загрузка изображения",
  notification_sent: "Отправка уведомления",
  announcement_set: "Установка объявления",
  announcement_cleared: "Снятие объявления",
  user_created: "Создание пользователя",
  user_updated: "Изменение пользователя",
  user_deactivated: "Отключение пользователя",
  user_activated: "Включение пользователя",
  user_password_reset_sent: "Отправка ссылки для смены пароля",
  user_access_updated: "Изменение доступа пользователя (фермы, базы, коды DTM, отчёты, группы)",
  instruction_created: "Создание инструкции",
  instruction_updated: "Изменение инструкции",
  instruction_deleted: "Удаление инструкции",
  instructions_reordered: "Порядок инструкций",
  business_created: "Создание компании",
  business_updated: "Изменение компании",
  business_deleted: "Удаление компании",
  farm_created: "Создание фермы",
  farm_updated: "Изменение фермы",
  farm_deleted: "Удаление фермы",
  database_created: "Регистрация базы данных",
  database_updated: "Изменение базы данных",
  dtm_created: "Добавление кода DTM",
  dtm_updated: "Изменение кода DTM",
  dtm_deleted: "Удаление кода DTM",
  report_created: "Создание отчёта",
  report_updated: "Изменение отчёта",
  report_deleted: "Удаление отчёта",
  iframe_group_created: "Создание группы отчётов",
  iframe_group_updated: "Изменение группы отчётов",
  iframe_group_deleted: "Удаление группы отчётов",
};

const ACTIONS = Object.entries(AUDIT_ACTION_TEXT).map(([action, text]) => ({ action, text }));

type AuditQuery = RouteQuery<typeof listAuditRoute>;

/**
 * Day bounds in Moscow time (UTC+3 all year since 2014, so a fixed offset): `from` is the start
 * of that day, `to` includes the whole of its day.
 */
function moscowDayStart(date: string, addDays = 0): Date {
  const start = new Date(`${date}T00:00:00+03:00`);
  return new Date(start.getTime() + addDays * 24 * 3600_000);
}

function parseDetails(details: string | null): unknown {
  if (details === null) return null;
  try {
    return JSON.parse(details);
  } catch {
    return details;
  }
}

export async function auditPage(db: Db, query: AuditQuery) {
  const { rows, total } = await listAudit(
    db,
    {
      userId: query.user_id,
      action: query.action || undefined,
      from: query.from === undefined ? undefined : moscowDayStart(query.from),
      until: query.to === undefined ? undefined : moscowDayStart(query.to, 1),
    },
    AUDIT_PAGE_SIZE,
    (query.page - 1) * AUDIT_PAGE_SIZE,
  );
  const details = rows.map((row) => parseDetails(row.details));
  const subjects = await auditSubjects(
    db,
    rows.map((row, at) => ({ action: row.action, details: details[at] })),
  );
  const items: AuditEntry[] = rows.map((row, at) => ({
    id: row.id,
    at: row.at.toISOString(),
    user:
      row.userId !== null && row.username !== null
        ? {
            id: row.userId,
            name: displayName({ username: row.username, firstName: row.firstName ?? "", lastName: row.lastName ?? "" }),
          }
        : null,
    action: row.action,
    action_text: AUDIT_ACTION_TEXT[row.action as AuditAction] ?? row.action,
    ip: row.ip,
    subject: subjects[at] ?? null,
    details: details[at],
  }));
  return { items, total, page: query.page, page_size: AUDIT_PAGE_SIZE, actions: ACTIONS };
}
