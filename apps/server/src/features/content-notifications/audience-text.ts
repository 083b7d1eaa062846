import { type NotificationAudience, notificationAudienceSchema } from "@nadoy/contract/content";
import { ROLE_NAMES, type RoleId } from "@nadoy/contract/roles";

/** The stored audience (notification_sends.audience, the contract's JSON), or undefined if unreadable. */
export function parseStoredAudience(text: string): NotificationAudience | undefined {
  try {
    const parsed = notificationAudienceSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whom a send went to, in Russian, for /manage-notifications: «Все пользователи»,
 * «Роли: Клиент, Зоотехник», «Компании: …» (a company deleted since is «удалённая компания»),
 * «Пользователи: 3».
 */
export function audienceText(audience: NotificationAudience | undefined, companyNames: Map<string, string>): string {
  if (!audience) return "—";
  switch (audience.kind) {
    case "all":
      return "Все пользователи";
    case "users":
      return `Пользователи: ${new Set(audience.user_ids).size}`;
    case "roles":
      return `Роли: ${audience.roles.map((role) => ROLE_NAMES[role as RoleId]).join(", ")}`;
    case "companies":
      return `Компании: ${audience.company_uuids.map((uuid) => companyNames.get(uuid) ?? "удалённая компания").join(", ")}`;
  }
}
