import { Role } from "@nadoy/contract/roles";
import { count } from "drizzle-orm";
import type { Db } from "../client.ts";
import { users } from "../schema/index.ts";
import { seedCompany } from "./companies.ts";
import { seedUser } from "./users.ts";

export const DEMO_PASSWORD = "nadoy-demo";

export const DEMO_ACCOUNTS = [
  { username: "admin", role: Role.admin, isSuperuser: true, description: "суперпользователь, роль 1" },
  { username: "editor", role: Role.contentEditor, isSuperuser: false, description: "редактор контента, роль 2" },
  { username: "zootech", role: Role.zootechnician, isSuperuser: false, description: "зоотехник, роль 3" },
  { username: "viewer", role: Role.viewer, isSuperuser: false, description: "наблюдатель, роль 6" },
  { username: "client", role: Role.client, isSuperuser: false, description: "клиент, роль 7" },
] as const;

export const DEMO_COMPANY = {
  name: "Агрохолдинг Заря",
  farms: [
    { name: "МТФ «Заря-1»", useGenetic: true },
    { name: "МТФ «Рассвет»", useGenetic: false },
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
    viewer: ["Вера", "Наблюдаева"],
    client: ["Пётр", "Клиентов"],
  };
  for (const account of DEMO_ACCOUNTS) {
    const [firstName, lastName] = names[account.username] ?? ["", ""];
    await seedUser(db, {
      username: account.username,
      password: DEMO_PASSWORD,
      email: `${account.username}@demo.nadoy.local`,
      firstName,
      lastName,
      roles: [account.role],
      isSuperuser: account.isSuperuser,
      // The content editor works for the portal itself, not for the farm.
      companyIds: account.role === Role.contentEditor ? [] : [company.id],
    });
  }
  return true;
}
