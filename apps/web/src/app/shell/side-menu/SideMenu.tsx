import type { MenuStyle } from "@nadoy/contract/constants";
import type { UserData } from "@nadoy/contract/users";
import { useMemo } from "react";
import { activeLinkKey, buildSideMenu, type MenuItem } from "./build-side-menu.ts";
import { CardMenu } from "./CardMenu.tsx";
import { ListMenu } from "./ListMenu.tsx";
import { PinToggle } from "./PinToggle.tsx";

export interface SideMenuVariantProps {
  items: MenuItem[];
  /** The one expanded section (spec §4), or null. */
  openKey: string | null;
  onOpenChange: (key: string | null) => void;
  activeKey: string | undefined;
}

const LIST_MENU: MenuStyle = "List_menu";

interface SideMenuProps {
  user: UserData;
  pathname: string;
  openKey: string | null;
  onOpenChange: (key: string | null) => void;
  /** Whether the menu is pinned open; undefined where it cannot be (narrow screens). */
  pinned: boolean | undefined;
  onTogglePin: () => void;
}

/**
 * Spec §2 side menu in the user's style (`boards_menu_style`): the plain list, else cards (the
 * default); on wide screens, with the pin above it.
 */
export function SideMenu({ user, pathname, openKey, onOpenChange, pinned, onTogglePin }: SideMenuProps) {
  const items = useMemo(() => buildSideMenu(user), [user]);
  const props: SideMenuVariantProps = { items, openKey, onOpenChange, activeKey: activeLinkKey(items, pathname) };
  return (
    <>
      {pinned === undefined ? null : <PinToggle pinned={pinned} onToggle={onTogglePin} />}
      {user.boards_menu_style === LIST_MENU ? <ListMenu {...props} /> : <CardMenu {...props} />}
    </>
  );
}
