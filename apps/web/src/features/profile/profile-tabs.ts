import { canOpenDatasets, canOpenProfileSettings } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";

export const PROFILE_TABS = ["settings", "notifications", "datasets", "services"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = {
  settings: "Настройки",
  notifications: "Уведомления",
  datasets: "Наборы данных",
  services: "Сервисы",
};

/** Spec §2 and §6: no settings for role 6, no datasets for role 7 (clients). */
export function profileTabsFor(user: Pick<UserData, "groups">): ProfileTab[] {
  return PROFILE_TABS.filter(
    (tab) => (tab !== "settings" || canOpenProfileSettings(user)) && (tab !== "datasets" || canOpenDatasets(user)),
  );
}

/**
 * The tab /userprofile/:tab? shows, or where to send the visitor instead: no tab, an unknown one
 * or one the role may not open leads to the first tab the user has (settings, or notifications
 * for role 6).
 */
export function resolveProfileTab(user: Pick<UserData, "groups">, requested: string | undefined) {
  const tabs = profileTabsFor(user);
  const shown = tabs.find((tab) => tab === requested);
  return shown
    ? { tab: shown, redirect: false as const }
    : { tab: tabs[0] ?? "notifications", redirect: true as const };
}
