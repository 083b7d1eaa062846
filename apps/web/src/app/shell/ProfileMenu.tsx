import { displayName, type UserData } from "@nadoy/contract/users";
import { Button, Dropdown, Grid, type MenuProps } from "antd";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Text } from "../../shared/ui/text.tsx";
import { profileMenuItems } from "./profile-menu-items.ts";
import { UserAvatar } from "./UserAvatar.tsx";

/** A navbar control moved into this menu on phones: an action, or (no `onSelect`) something shown. */
export interface HeaderMenuEntry {
  key: string;
  label: ReactNode;
  onSelect?: () => void;
}

interface ProfileMenuProps {
  signedIn: boolean;
  user: UserData | undefined;
  onAbout: () => void;
  /** Shown first, above a divider (the navbar's theme switch, «В сети» and help on a phone). */
  headerEntries?: readonly HeaderMenuEntry[];
}

/** The avatar at the right of the navbar and its menu (spec §2 "Profile menu"). */
export function ProfileMenu({ signedIn, user, onAbout, headerEntries = [] }: ProfileMenuProps) {
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const entries = profileMenuItems(signedIn ? { signedIn: true, user } : { signedIn: false });
  const name = user ? displayName(user) : undefined;
  const items: MenuProps["items"] = [
    ...headerEntries.map((entry) =>
      entry.onSelect
        ? { key: `header-${entry.key}`, label: entry.label, onClick: entry.onSelect }
        : { key: `header-${entry.key}`, label: entry.label, disabled: true },
    ),
    ...(headerEntries.length > 0 ? [{ type: "divider" as const }] : []),
    ...entries.map((entry) => ({ key: entry.key, label: entry.label })),
  ];

  return (
    <Dropdown
      trigger={["click"]}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          const entry = entries.find((e) => e.key === key);
          if (!entry) return;
          if ("opens" in entry) onAbout();
          else navigate(entry.to);
        },
      }}
    >
      <Button type="text" aria-label="Меню профиля" style={{ height: "auto", padding: "2px 4px" }}>
        <UserAvatar user={user} />
        {name && screens.md ? (
          <Text ellipsis style={{ maxWidth: 180 }}>
            {name}
          </Text>
        ) : null}
      </Button>
    </Dropdown>
  );
}
