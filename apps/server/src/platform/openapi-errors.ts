import {
  ATTACHMENT_UPLOAD_CONTENT_TYPE,
  ATTACHMENT_UPLOADS_AT_ONCE,
  ATTACHMENT_UPLOADS_PER_MINUTE,
} from "@nadoy/contract/attachments";
import { FRESH_SIGN_IN_MINUTES } from "@nadoy/contract/constants";
import { LIST_FILE_TYPES } from "@nadoy/contract/lists";
import { INGEST_BYTES_MAX, INGEST_CSV_CONTENT_TYPE, INGEST_ROWS_MAX } from "@nadoy/contract/monitoring-ingest";

// What a contract route object cannot say about itself but its comments and its feature's service
// do: the answers beyond the ones every route of its kind has (400 with input, 401/403 with auth,
// 404 with path parameters, 413/415 with a body, 429 with a rateLimit). Keyed "METHOD /path" as
// the contract spells it; openapi.test.ts checks that every key names a served route.

/** A herd route opened for a database of another kind (monitoring, accounting) that the caller sees. */
const HERD_WRONG_KIND = "База другого вида: мониторинг или бухгалтерия, не данные стада («Эта база — …»)";

/** A monitoring route opened for a database of another kind (herd data, accounting) that the caller sees. */
const MONITORING_WRONG_KIND = "База другого вида: данные стада или бухгалтерия, не мониторинг («Эта база — …»)";
/** A monitoring read route: another kind's database 409; `demo` (the staff's demo site) 403 for a client. */
const MONITORING_READ = { 403: "Демонстрационные страницы — для сотрудников", 409: MONITORING_WRONG_KIND };

/** The model editor of a monitoring database (contract monitoring-model.ts), its writes. */
const MODEL_SITE = { 409: MONITORING_WRONG_KIND };
const MODEL_PART = {
  404: "Площадки (fields.site_id) нет в этой базе — или самой базы, или изменяемого элемента",
  409: `${MONITORING_WRONG_KIND}; площадка устройства или подстанции не меняется (fields.site_id)`,
};
const MODEL_SERIES = {
  404: "Площадки, устройства или подстанции (fields.site_id, device_id, substation_id) нет в этой базе",
  409: `${MONITORING_WRONG_KIND}; у подстанции уже есть ввод этого вида (fields.meter_role); вид и площадка ряда не меняются`,
};

export type RouteKey = `${"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} /api/${string}`;

/** Extra statuses per route, each with what it means (Russian, shown in the docs). */
export const DOCUMENTED_ERRORS: Record<RouteKey, Record<number, string>> = {
  "GET /api/tableLists/form_data/": { 404: "Формы с такой ссылкой нет или она снята с публикации" },
  "GET /api/tableLists/tags/": { 404: "Такого столбца нет в опубликованной форме" },
  "POST /api/tableLists/lists/": { 404: "Компании нет среди компаний пользователя, или модуль у него выключен" },
  "POST /api/workspaces/": { 404: "Компании нет среди компаний пользователя, или доски у него выключены" },
  "POST /api/boards/": { 404: "Рабочего пространства нет или оно недоступно пользователю" },
  "POST /api/users/token/": {
    401: "Неверное имя или пароль, учётная запись не подтверждена или отключена",
    429: "Слишком много неудачных попыток входа с этого адреса или в эту учётную запись (Retry-After)",
  },
  "POST /api/users/token/refresh/": { 401: "Токен обновления недействителен или уже использован" },
  "GET /api/users/yandex/authorize_url/": { 503: "Вход через Яндекс не настроен" },
  "POST /api/users/yandex/token/": {
    401: "Учётная запись отключена",
    502: "Яндекс не ответил или отказал",
    503: "Вход через Яндекс не настроен",
  },
  "POST /api/users/register/": {
    409: "Имя пользователя уже занято (fields.username); занятый адрес не раскрывается: ответ как на новый, владельцу письмо",
  },
  "POST /api/users/change_email/": {
    403: `Роль 6, или у учётной записи нет пароля, а вход через Яндекс был больше ${FRESH_SIGN_IN_MINUTES} минут назад (fresh_sign_in_required)`,
    409: "Адрес подтверждён другим пользователем (fields.email)",
  },
  "POST /api/users/change_email/confirm/": { 409: "Адрес тем временем подтвердил другой пользователь (fields.email)" },
  "POST /api/admin/users/": { 409: "Имя пользователя или адрес уже заняты (fields)" },
  "PATCH /api/admin/users/:id/": {
    409: "Имя или адрес заняты; нельзя отключить, понизить или лишить прав суперпользователя самого себя",
  },
  "POST /api/admin/users/:id/password-reset/": { 409: "У пользователя нет адреса почты" },
  "POST /api/admin/businesses/": { 409: "Компания с таким названием уже есть (fields.name)" },
  "PATCH /api/admin/businesses/:uuid/": { 409: "Компания с таким названием уже есть (fields.name)" },
  "DELETE /api/admin/businesses/:uuid/": { 409: "У компании есть базы данных" },
  "POST /api/admin/businesses/:uuid/farms/": { 409: "В компании уже есть ферма с таким названием (fields.name)" },
  "PATCH /api/admin/farms/:uuid/": { 409: "В компании уже есть ферма с таким названием (fields.name)" },
  "DELETE /api/admin/farms/:uuid/": { 409: "К ферме привязана база данных" },
  "POST /api/admin/businesses/:uuid/databases/": { 409: "Такая база на этом сервере уже есть (fields.db_name)" },
  "PATCH /api/admin/databases/:uuid/": { 409: "Такая база на этом сервере уже есть (fields.db_name)" },
  "POST /api/admin/businesses/:uuid/dtm/": { 409: "У компании уже есть такой код DTM (fields.company_code)" },
  "PATCH /api/admin/dtm/:uuid/": { 409: "У компании уже есть такой код DTM (fields.company_code)" },
  "POST /api/keys/workspaces/:uuid/keys/": {
    404: "Пространства нет среди доступных вызывающему, или база не этой компании либо не видна ему (fields.database_uuid)",
  },
  "POST /api/monitoring/ingest/": {
    413: `Больше ${INGEST_ROWS_MAX} строк или ${INGEST_BYTES_MAX} байт в одной пачке: ничего не записано`,
  },
  "GET /api/reports/:uuid/embed/": { 409: "Встраивание отчёта не настроено" },
  "PATCH /api/chat/messages/:id/": { 409: "Сообщение удалено (chat_message_deleted)" },
  "PUT /api/chat/messages/:id/pin/": { 409: "Сообщение удалено (chat_message_deleted)" },
  "POST /api/boards/:uuid/groups/": { 409: "На доске уже максимум групп (board_groups_limit)" },
  "DELETE /api/board-groups/:uuid/": { 409: "В группе есть задачи (board_group_not_empty)" },
  "POST /api/boards/:uuid/tasks/": { 409: "Группа заполнена (board_group_full)" },
  "POST /api/tasks/:uuid/move/": { 409: "Группа заполнена (board_group_full)" },
  "POST /api/tableLists/lists/:uuid/columns/": { 409: "В списке уже максимум столбцов" },
  "PATCH /api/tableLists/columns/:uuid/": { 409: "Значения некоторых строк не подходят к новому типу столбца" },
  "POST /api/tableLists/lists/:uuid/rows/": { 409: "В списке уже максимум строк" },
  "POST /api/tableLists/lists/:uuid/import/": {
    409: "Строк стало бы больше максимума; или идёт предыдущий импорт пользователя (import_in_progress)",
  },
  "POST /api/attachments/": {
    413: "Файл больше 10 МБ (payload_too_large) или не помещается в квоту пользователя, его неприкреплённых файлов или компании (quota_exceeded)",
    429: `Больше ${ATTACHMENT_UPLOADS_PER_MINUTE} загрузок в минуту (Retry-After), или уже идут ${ATTACHMENT_UPLOADS_AT_ONCE} загрузки пользователя`,
    503: "Сервер уже принимает столько загрузок, сколько может одновременно (server_busy, Retry-After)",
  },
  "GET /api/herd/:db_uuid/animals/": { 409: HERD_WRONG_KIND },
  "GET /api/herd/:db_uuid/animals/:animal_uuid/": { 409: HERD_WRONG_KIND },
  "GET /api/herd/:db_uuid/events/": { 409: HERD_WRONG_KIND },
  "GET /api/monitoring/:db_uuid/": MONITORING_READ,
  "GET /api/monitoring/:db_uuid/points/": MONITORING_READ,
  "GET /api/monitoring/:db_uuid/points/export/": MONITORING_READ,
  "GET /api/monitoring/:db_uuid/states/": MONITORING_READ,
  "GET /api/monitoring/:db_uuid/power/": MONITORING_READ,
  "GET /api/monitoring/:db_uuid/power/energy/": MONITORING_READ,
  "GET /api/monitoring/:db_uuid/power/profile/": MONITORING_READ,
  "GET /api/monitoring/:db_uuid/power/days/": MONITORING_READ,
  "GET /api/monitoring/:db_uuid/power/period/": MONITORING_READ,
  "GET /api/monitoring/:db_uuid/model/": { 409: MONITORING_WRONG_KIND },
  "POST /api/monitoring/:db_uuid/model/sites/": MODEL_SITE,
  "PUT /api/monitoring/:db_uuid/model/sites/:id/": MODEL_SITE,
  "DELETE /api/monitoring/:db_uuid/model/sites/:id/": MODEL_SITE,
  "POST /api/monitoring/:db_uuid/model/devices/": MODEL_PART,
  "PUT /api/monitoring/:db_uuid/model/devices/:id/": MODEL_PART,
  "DELETE /api/monitoring/:db_uuid/model/devices/:id/": MODEL_SITE,
  "POST /api/monitoring/:db_uuid/model/substations/": MODEL_PART,
  "PUT /api/monitoring/:db_uuid/model/substations/:id/": MODEL_PART,
  "DELETE /api/monitoring/:db_uuid/model/substations/:id/": MODEL_SITE,
  "POST /api/monitoring/:db_uuid/model/series/": MODEL_SERIES,
  "PUT /api/monitoring/:db_uuid/model/series/:id/": MODEL_SERIES,
  "DELETE /api/monitoring/:db_uuid/model/series/:id/": MODEL_SITE,
  "GET /api/herd/:db_uuid/uploads/": { 409: HERD_WRONG_KIND },
  "GET /api/herd/:db_uuid/reports/:n/": { 409: HERD_WRONG_KIND },
  "GET /api/herd/:db_uuid/reports/:n/animals/": { 409: HERD_WRONG_KIND },
  "GET /api/herd/:db_uuid/reports/:n/export/": { 409: HERD_WRONG_KIND },
  "POST /api/herd/:db_uuid/segments/count/": { 409: HERD_WRONG_KIND },
  "GET /api/herd/:db_uuid/segments/": { 409: HERD_WRONG_KIND },
  "POST /api/herd/:db_uuid/segments/": { 409: HERD_WRONG_KIND },
  "PUT /api/herd/:db_uuid/segments/:segment_uuid/": { 409: HERD_WRONG_KIND },
  "DELETE /api/herd/:db_uuid/segments/:segment_uuid/": { 409: HERD_WRONG_KIND },
  "GET /api/herd/:db_uuid/settings/": { 409: HERD_WRONG_KIND },
  "PUT /api/herd/:db_uuid/settings/": { 409: HERD_WRONG_KIND },
  "POST /api/herd/:db_uuid/uploads/": {
    400: "Файл отклонён целиком (график EGRAPH, итоги ECON, пустой файл, таблица без строк, повреждённый XLSX) с объяснением; format=spreadsheet без kind",
    409: `${HERD_WRONG_KIND}; или идёт предыдущая загрузка пользователя (import_in_progress)`,
    413: "Файл больше HERD_UPLOAD_MAX_BYTES (по умолчанию 200 МБ), или файлы компании заняли бы больше HERD_FILES_COMPANY_BYTES_MAX (quota_exceeded): по Content-Length до чтения или по мере чтения",
  },
  "POST /api/herd/files/:upload_uuid/rerun/": {
    400: "Файл отклонён при повторной проверке целиком, или у таблицы не записано, что в ней (животные, события или дойки)",
    409: "Идёт предыдущая загрузка пользователя (import_in_progress)",
    413: "Копия файла не помещается в место компании (quota_exceeded)",
  },
  "GET /api/herd/uploads/:upload_uuid/refused/": {
    409: "Файл отклонён целиком или загрузка отменена; или отклонённые строки не сохранились (записана до их хранения, перезапуск сервера базы данных)",
  },
  "POST /api/herd/uploads/:upload_uuid/commit/": {
    400: "Таблица: не указаны столбцы обязательных полей («Укажите столбцы для полей: …»)",
    409: "Загрузка уже записана (повторно нельзя), не проверена до конца, база другого вида, или идёт другая загрузка пользователя",
  },
  "POST /api/herd/key-uploads/": {
    400: "Файл отклонён целиком (как при обычной загрузке); format=spreadsheet без kind",
    404: "Создателю ключа база больше не видна (не выдана, отключена)",
    409: "Идёт предыдущая загрузка создателя ключа (import_in_progress)",
    413: "Файл больше HERD_UPLOAD_MAX_BYTES или файлы компании заняли бы больше HERD_FILES_COMPANY_BYTES_MAX (quota_exceeded)",
  },
  "POST /api/herd/key-uploads/:upload_uuid/commit/": {
    400: "Таблица: не указаны столбцы обязательных полей",
    409: "Загрузка уже записана, не проверена до конца, или идёт другая загрузка создателя ключа",
  },
  "POST /api/herd/uploads/:upload_uuid/mapping/": {
    400: "Загрузка DC305, столбец не из файла, неизвестное поле или одно поле для двух столбцов",
    409: "Загрузка уже записана, не проверена до конца или её файл удалён; база другого вида; или идёт другая загрузка пользователя",
  },
  "POST /api/tableLists/link_uuid_form/": {
    404: "Формы с такой ссылкой нет или она снята с публикации",
    409: "В списке формы уже максимум строк",
  },
};

/**
 * Signed-in ("user") routes whose services refuse some callers with 403 besides the route rule:
 * profile settings (role 6), other people's chat messages, boards and lists by role.
 */
export const USER_ROUTES_WITH_403: readonly (RouteKey | `/api/${string}/`)[] = [
  "PATCH /api/users/user_profile/",
  "POST /api/users/change_password/",
  "POST /api/users/change_email/",
  "/api/chat/",
  "/api/workspaces/",
  "/api/boards/",
  "/api/board-groups/",
  "/api/board-projects/",
  "/api/tasks/",
  "/api/task-comments/",
  "/api/tableLists/",
  "POST /api/herd/:db_uuid/uploads/",
  "POST /api/herd/uploads/:upload_uuid/commit/",
  "POST /api/herd/uploads/:upload_uuid/mapping/",
  "POST /api/herd/:db_uuid/segments/",
  "PUT /api/herd/:db_uuid/segments/:segment_uuid/",
  "DELETE /api/herd/:db_uuid/segments/:segment_uuid/",
  "PUT /api/herd/:db_uuid/settings/",
];

/** Routes whose body is a file's bytes (no JSON body schema; their contract sets a bodyLimit). */
export const RAW_BODY_TYPES: Record<RouteKey, readonly string[]> = {
  // Beside its JSON body: a CSV of the same rows (contract monitoring-ingest.ts).
  "POST /api/monitoring/ingest/": [INGEST_CSV_CONTENT_TYPE],
  "POST /api/attachments/": [ATTACHMENT_UPLOAD_CONTENT_TYPE],
  "POST /api/content/images/": [ATTACHMENT_UPLOAD_CONTENT_TYPE],
  "POST /api/tableLists/lists/:uuid/import/": Object.values(LIST_FILE_TYPES),
  // Streamed, never held: any content type (a browser sends text/csv or octet-stream for a .CSV).
  "POST /api/herd/key-uploads/": [
    "text/csv",
    "application/octet-stream",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ],
  "POST /api/herd/:db_uuid/uploads/": [
    "text/csv",
    "application/octet-stream",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ],
};
