import type { ManagedNews } from "@nadoy/contract/content";
import { ROLE_NAMES, type RoleId } from "@nadoy/contract/roles";

const roleName = (id: number) => ROLE_NAMES[id as RoleId] ?? `Роль ${id}`;

/** Who sees an item, in Russian, for the editors' table. */
export function audienceText(audience: ManagedNews["audience"]): string {
  switch (audience.kind) {
    case "all":
      return "Все пользователи";
    case "companies":
      return `Компании: ${audience.companies.map((company) => company.name).join(", ")}`;
    case "roles":
      return `Роли: ${audience.roles.map(roleName).join(", ")}`;
  }
}
