import { Role } from "@nadoy/contract/roles";
import { count, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import { users } from "../schema/index.ts";
import { seedDemoBoards } from "./boards.ts";
import { seedDemoBusinesses } from "./business.ts";
import { seedDemoChats } from "./chat.ts";
import { seedCompany } from "./companies.ts";
import { seedDemoNews } from "./content.ts";
import { seedDemoInstructions } from "./instructions.ts";
import { type SeedNotificationInput, seedAnnouncement, seedNotifications } from "./news.ts";
import { seedDemoReports } from "./reports.ts";
import { seedFeedbackExamples, seedFeedbackList, seedMilkTable } from "./table-lists.ts";
import { seedUser } from "./users.ts";

export const DEMO_PASSWORD = "nadoy-demo";

export const DEMO_ACCOUNTS = [
  { username: "admin", role: Role.admin, isSuperuser: true, description: "суперпользователь, роль 1" },
  { username: "editor", role: Role.contentEditor, isSuperuser: false, description: "редактор контента, роль 2" },
  { username: "zootech", role: Role.zootechnician, isSuperuser: false, description: "зоотехник, роль 3" },
  { username: "agronom", role: Role.agronomist, isSuperuser: false, description: "агроном, роль 4" },
  { username: "viewer", role: Role.viewer, isSuperuser: false, description: "наблюдатель, роль 6" },
  { username: "client", role: Role.client, isSuperuser: false, description: "клиент, роль 7" },
] as const;

/**
 * Accounts outside the demo company: the content editor works for the portal itself, the agronomist
 * for «АО «Сибирская нива»» (business.ts makes them a member there).
 */
const OUTSIDE_DEMO_COMPANY: ReadonlySet<string> = new Set(["editor", "agronom"]);

export const DEMO_COMPANY = {
  name: "Агрохолдинг Заря",
  farms: [
    { name: "МТФ «Заря-1»", useGenetic: true },
    { name: "МТФ «Рассвет»", useGenetic: false },
  ],
};

export const DEMO_ANNOUNCEMENT =
  "Плановые работы на сервере 30 ноября с 22:00 до 23:00 МСК. Портал может быть недоступен.";

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

/** A few notifications per demo user, in the words a farm would get them; some already read. */
const DEMO_NOTIFICATIONS: Record<string, SeedNotificationInput[]> = {
  admin: [
    {
      title: "Новая регистрация",
      msg: "Пользователь petrov_zoo зарегистрировался и ждёт назначения роли.",
      dt: hoursAgo(2),
      link: "/manage-users",
    },
    {
      title: "Загрузка DC305 завершена",
      msg: "МТФ «Заря-1»: загружено 1 248 событий, ошибок нет.",
      dt: hoursAgo(20),
      read: true,
      link: "/analytics-db",
    },
    {
      title: "Плановые работы",
      msg: "30 ноября с 22:00 до 23:00 МСК сервер будет недоступен.",
      dt: hoursAgo(50),
      link: null,
    },
  ],
  editor: [
    {
      title: "Новость опубликована",
      msg: "«Итоги конкурса операторов машинного доения» видна всем пользователям.",
      dt: hoursAgo(3),
      link: "/manage-news",
    },
    {
      title: "Новая версия справочника кормов",
      msg: "Справочник кормов обновлён: добавлены 14 позиций, уточнена питательность силоса.",
      dt: hoursAgo(30),
      read: true,
      link: null,
    },
    {
      title: "Инструкция требует проверки",
      msg: "Инструкция «Загрузка протоколов молока» не обновлялась полгода.",
      dt: hoursAgo(72),
      link: null,
    },
  ],
  zootech: [
    {
      title: "Отчёт по надоям за неделю готов",
      msg: "МТФ «Заря-1»: средний надой 31,4 кг на корову в сутки, +0,8 кг к прошлой неделе.",
      dt: hoursAgo(1),
      link: "/reports",
    },
    {
      title: "Высокий SCC в группе 3",
      msg: "Соматические клетки в сборном молоке группы 3 — 410 тыс./мл. Проверьте коров на мастит.",
      dt: hoursAgo(6),
      link: "/reports",
    },
    {
      title: "Отёлы на этой неделе",
      msg: "Ожидается 12 отёлов на МТФ «Рассвет». Подготовьте родильное отделение.",
      dt: hoursAgo(26),
      read: true,
      link: null,
    },
    {
      title: "Новая версия справочника кормов",
      msg: "Справочник кормов обновлён: добавлены 14 позиций, уточнена питательность силоса.",
      dt: hoursAgo(30),
      read: true,
      link: null,
    },
    {
      title: "Протокол молока загружен",
      msg: "Протокол лаборатории за 25 ноября: молоко высшего сорта по ГОСТ Р 52054.",
      dt: hoursAgo(96),
      link: "/reports",
    },
  ],
  agronom: [
    {
      title: "Заготовка силоса завершена",
      msg: "Ферма «Обская»: заложено 2 400 т кукурузного силоса, сухое вещество 32 %.",
      dt: hoursAgo(4),
      link: null,
    },
    {
      title: "Анализ кормов готов",
      msg: "Сенаж из траншеи 2: обменная энергия 10,1 МДж/кг СВ, сырой протеин 14,8 %.",
      dt: hoursAgo(28),
      link: "/reports",
    },
    {
      title: "Плановые работы",
      msg: "30 ноября с 22:00 до 23:00 МСК сервер будет недоступен.",
      dt: hoursAgo(50),
      read: true,
      link: null,
    },
  ],
  viewer: [
    {
      title: "Отчёт по надоям за неделю готов",
      msg: "МТФ «Заря-1»: средний надой 31,4 кг на корову в сутки.",
      dt: hoursAgo(1),
      link: "/reports",
    },
    {
      title: "Добро пожаловать в «Надой»",
      msg: "Отчёты и мониторинг фермы доступны в меню слева.",
      dt: hoursAgo(120),
      read: true,
      link: null,
    },
    {
      title: "Плановые работы",
      msg: "30 ноября с 22:00 до 23:00 МСК сервер будет недоступен.",
      dt: hoursAgo(50),
      link: null,
    },
  ],
  client: [
    {
      title: "Отчёт по надоям за неделю готов",
      msg: "Агрохолдинг «Заря»: надой вырос на 2,6 % к прошлой неделе.",
      dt: hoursAgo(1),
      link: "/reports",
    },
    {
      title: "Счёт за ноябрь",
      msg: "Счёт за аналитическое сопровождение за ноябрь выставлен.",
      dt: hoursAgo(40),
      link: null,
    },
    {
      title: "Новый отчёт по воспроизводству",
      msg: "Добавлен отчёт о стельности за 21 день по обеим фермам.",
      dt: hoursAgo(60),
      read: true,
      link: "/reports",
    },
    {
      title: "Датчик охладителя молока",
      msg: "МТФ «Рассвет»: температура в танке 6,2 °C выше порога 4 °C в 03:40.",
      dt: hoursAgo(8),
      link: null,
    },
  ],
};

/** Demo data for a first start: only when the database has no users yet. Returns whether it seeded. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const { company } = await seedCompany(db, DEMO_COMPANY);
  const names: Record<string, [string, string]> = {
    admin: ["Анна", "Администратова"],
    editor: ["Елена", "Редакторова"],
    zootech: ["Иван", "Зоотехников"],
    agronom: ["Алексей", "Агрономов"],
    viewer: ["Вера", "Наблюдаева"],
    client: ["Пётр", "Клиентов"],
  };
  let zootechId: number | null = null;
  const ids: Record<string, number> = {};
  for (const account of DEMO_ACCOUNTS) {
    const [firstName, lastName] = names[account.username] ?? ["", ""];
    const user = await seedUser(db, {
      username: account.username,
      password: DEMO_PASSWORD,
      email: `${account.username}@demo.nadoy.local`,
      firstName,
      lastName,
      roles: [account.role],
      isSuperuser: account.isSuperuser,
      companyIds: OUTSIDE_DEMO_COMPANY.has(account.username) ? [] : [company.id],
    });
    await seedNotifications(db, user.id, DEMO_NOTIFICATIONS[account.username] ?? []);
    if (account.role === Role.zootechnician) zootechId = user.id;
    ids[account.username] = user.id;
  }
  // The demo zootechnician (and the admin) load DC305 files (spec §6 «DC305»: the dc_305 flag).
  const dc305Users = [ids.zootech, ids.admin].filter((id): id is number => id !== undefined);
  await db.update(users).set({ dc305: true }).where(inArray(users.id, dc305Users));
  // The zootechnician owns the farm's feedback list and is told about every answer.
  const feedback = await seedFeedbackList(db, company.id, zootechId);
  await seedFeedbackExamples(db, feedback.list.id, feedback.columns);
  await seedMilkTable(
    db,
    company.id,
    zootechId,
    DEMO_COMPANY.farms.map((f) => f.name),
  );
  const idOf = (username: string) => {
    const id = ids[username];
    if (id === undefined) throw new Error(`demo user ${username} was not created`);
    return id;
  };
  await seedDemoChats(db, {
    admin: idOf("admin"),
    zootech: idOf("zootech"),
    viewer: idOf("viewer"),
    client: idOf("client"),
  });
  await seedDemoBoards(db, company.id, {
    admin: idOf("admin"),
    zootech: idOf("zootech"),
    viewer: idOf("viewer"),
    client: idOf("client"),
  });
  await seedDemoNews(db, { companyId: company.id, editorId: idOf("editor") });
  await seedAnnouncement(db, { text: DEMO_ANNOUNCEMENT });
  await seedDemoInstructions(db, { editorId: idOf("editor") });
  await seedDemoBusinesses(db, { companyId: company.id, users: ids });
  await seedDemoReports(db, { companyId: company.id, clientId: idOf("client"), adminId: idOf("admin") });
  return true;
}
