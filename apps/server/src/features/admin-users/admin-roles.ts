import { type AdminRole, ROLE_DESCRIPTIONS } from "@nadoy/contract/admin-users";
import {
  boardsEnabledFor,
  canAdminister,
  canEditBoardTasks,
  canEditListRows,
  canManageBoards,
  canManageContent,
  canManageLists,
  canModerateChat,
  canOpenDatasets,
  canOpenProfileSettings,
  listsEnabledFor,
  ROLE_IDS,
  ROLE_NAMES,
  type RoleId,
  seesClientReportMenus,
  seesMonitoringDemo,
  seesPlainReportsItem,
  tablesEnabledFor,
} from "@nadoy/contract/roles";
import type { Db } from "../../db/client.ts";
import { roleCounts } from "./admin-users.repository.ts";

// What each role may open, read off the contract's spec §6 rules (roles.ts) for a user of that
// role who is no superuser and belongs to a company. The web's side menu is built from the same
// rules; per-user data (databases, farms, reports given) adds links but no sections.

const IN_COMPANY = "(при наличии компании)";

export function mayOpen(role: RoleId): string[] {
  const user = { groups: [role], is_superuser: false };
  const member = { isMember: true, isSuperuser: false, groups: [role] };
  const sections: [boolean, string][] = [
    [true, "Главная: новости и уведомления"],
    [seesPlainReportsItem(user), "Отчёты"],
    [seesClientReportMenus(user), "Отчёты своих компаний по группам и тегам"],
    [seesMonitoringDemo(user), "Мониторинг (демо)"],
    [canOpenDatasets(user), "Наборы данных"],
    [boardsEnabledFor(member), `Доски задач ${IN_COMPANY}`],
    [canEditBoardTasks(user), "Создание и изменение задач"],
    [canManageBoards(user), "Управление рабочими пространствами и досками"],
    [listsEnabledFor(member), `Списки ${IN_COMPANY}`],
    [canEditListRows(user), "Изменение строк списков"],
    [canManageLists(user), "Настройка списков и форм"],
    [tablesEnabledFor(member), `Таблицы ${IN_COMPANY}`],
    [canOpenProfileSettings(user), "Настройки профиля"],
    [canManageContent(user), "Контент: новости, уведомления, инструкции"],
    [canAdminister(user), "Администрирование: пользователи, роли, журнал изменений"],
    [canModerateChat(user), "Удаление чужих сообщений в чатах"],
  ];
  return sections.filter(([allowed]) => allowed).map(([, text]) => text);
}

export async function listRoles(db: Db): Promise<AdminRole[]> {
  const counts = await roleCounts(db);
  return ROLE_IDS.map((id) => ({
    id,
    name: ROLE_NAMES[id],
    description: ROLE_DESCRIPTIONS[id],
    may_open: mayOpen(id),
    users_count: counts.get(id) ?? 0,
  }));
}
