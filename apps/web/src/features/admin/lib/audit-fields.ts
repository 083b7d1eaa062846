import { MODULE_NAMES } from "@nadoy/contract/admin-users";

// ---- the Russian name of every key the server writes into an audit entry's details ----
// One table for the journal: snapshots ({before, after}) and the facts of other actions alike.
// Keys of internal ids (AUDIT_HIDDEN_KEYS) are never shown: a person cannot read a uuid.

export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  // users (admin-user-dto auditSnapshot, accessSnapshot) and their own profile
  username: "Логин",
  email: "Электронная почта",
  first_name: "Имя",
  last_name: "Фамилия",
  role: "Роль",
  is_superuser: "Суперпользователь",
  is_active: "Активен",
  companies: "Компании",
  modules: "Модули",
  ...MODULE_NAMES,
  farms: "Фермы",
  databases: "Базы данных",
  dtm: "Коды DTM",
  reports: "Отчёты",
  iframe_groups: "Группы отчётов",
  fields: "Изменённые поля",
  theme: "Тема",
  read_status: "Согласие с условиями",
  last_read_announcement: "Прочитанное объявление",
  boards_menu_style: "Вид меню досок",
  had_password: "Пароль был задан",
  from: "Прежний адрес",
  to: "Новый адрес",
  // companies, farms, databases, DTM entries (business-dto)
  name: "Название",
  users: "Пользователи",
  company: "Компания",
  company_code: "Код компании",
  use_genetic: "Генетика",
  timezone: "Часовой пояс",
  server: "Сервер",
  db_name: "Имя базы данных",
  active: "Активен",
  farm: "Ферма",
  // news, instructions, notifications, images
  title: "Заголовок",
  excerpt: "Краткое описание",
  body: "Текст",
  publish_at: "Дата публикации",
  audience: "Кому показывать",
  published: "Опубликовано",
  position: "Позиция",
  attachments: "Вложения",
  recipients: "Получателей",
  mime: "Тип файла",
  size: "Размер, байт",
  text: "Текст объявления",
  // reports and report groups (report-dto)
  tag: "Тег",
  provider: "Источник отчёта",
  url: "Адрес (URL)",
  resource_id: "Номер отчёта",
  restrict_param: "Параметр ограничения",
  has_secret: "Ключ задан",
  secret_changed: "Ключ заменён",
};

/** Internal ids: the subject's id, uuids, token families, another user's id. */
export const AUDIT_HIDDEN_KEYS: ReadonlySet<string> = new Set([
  "id",
  "uuid",
  "uuids",
  "family",
  "owner",
  "cover_image_uuid",
  "img_uuid",
]);

/** The label of a key; an unknown key (a newer server) is shown as is rather than dropped. */
export const auditFieldLabel = (key: string): string => AUDIT_FIELD_LABELS[key] ?? key;
