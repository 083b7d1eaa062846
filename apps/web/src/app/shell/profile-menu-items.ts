import { canOpenDatasets, canOpenProfileSettings } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { href } from "../../shared/routes/href.ts";

/** One entry of the profile menu (spec §2): a page to open, or the About dialog. */
export type ProfileMenuEntry = { key: string; label: string } & ({ to: string } | { opens: "about" });

const about: ProfileMenuEntry = { key: "about", label: "О программе", opens: "about" };

/**
 * Spec §2 "Profile menu". Signed in: settings (not for role 6), datasets (not for role 7),
 * notifications, About, logout — settings and datasets wait for the user data that tells the role.
 * Signed out: login, register, About.
 */
export function profileMenuItems(
  session: { signedIn: false } | { signedIn: true; user: Pick<UserData, "groups"> | undefined },
): ProfileMenuEntry[] {
  if (!session.signedIn) {
    return [
      { key: "login", label: "Войти", to: href.login() },
      { key: "register", label: "Регистрация", to: href.register() },
      about,
    ];
  }
  const { user } = session;
  return [
    ...(user && canOpenProfileSettings(user)
      ? [{ key: "settings", label: "Настройки профиля", to: href.userProfile({ tab: "settings" }) }]
      : []),
    ...(user && canOpenDatasets(user)
      ? [{ key: "datasets", label: "Наборы данных", to: href.userProfile({ tab: "datasets" }) }]
      : []),
    { key: "notifications", label: "Уведомления", to: href.userProfile({ tab: "notifications" }) },
    about,
    { key: "logout", label: "Выйти", to: href.logout() },
  ];
}
