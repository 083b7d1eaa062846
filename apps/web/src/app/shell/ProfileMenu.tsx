import { displayName, type UserData } from "@nadoy/contract/users";
import { Button, Dropdown, Grid } from "antd";
import { useNavigate } from "react-router";
import { Text } from "../../shared/ui/text.tsx";
import { profileMenuItems } from "./profile-menu-items.ts";
import { UserAvatar } from "./UserAvatar.tsx";

interface ProfileMenuProps {
  signedIn: boolean;
  user: UserData | undefined;
  onAbout: () => void;
}

/** The avatar at the right of the navbar and its menu (spec §2 "Profile menu"). */
export function ProfileMenu({ signedIn, user, onAbout }: ProfileMenuProps) {
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const entries = profileMenuItems(signedIn ? { signedIn: true, user } : { signedIn: false });
  const name = user ? displayName(user) : undefined;

  return (
    <Dropdown
      trigger={["click"]}
      placement="bottomRight"
      menu={{
        items: entries.map((entry) => ({ key: entry.key, label: entry.label })),
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
