import { UserOutlined } from "@ant-design/icons";
import { INITIALS_AVATAR_SIZE } from "@nadoy/contract/constants";
import { hasInitialsAvatar } from "@nadoy/contract/roles";
import { displayName, type UserData } from "@nadoy/contract/users";
import { Avatar } from "antd";
import { avatarColor, initialsOf } from "../../shared/lib/initials-avatar.ts";
import { roleIcon } from "../../shared/ui/role-icon.tsx";

type AvatarUser = Pick<UserData, "groups" | "first_name" | "last_name" | "username" | "avatar">;

/**
 * The user's picture in the navbar (spec §6, §9): clients (role 7) have the initials avatar (size
 * 43, colour from the name at saturation 30 and lightness 80); others their uploaded photo, else
 * the icon of their role — roles 1–6, or the no-role icon. Until user data arrives: a plain figure.
 */
export function UserAvatar({ user }: { user: AvatarUser | undefined }) {
  if (!user) return <Avatar size={INITIALS_AVATAR_SIZE} icon={<UserOutlined />} style={{ flex: "none" }} />;
  if (hasInitialsAvatar(user)) {
    const name = displayName(user);
    return (
      <Avatar
        size={INITIALS_AVATAR_SIZE}
        style={{ backgroundColor: avatarColor(name), color: "rgba(0, 0, 0, 0.75)", flex: "none" }}
        data-testid="initials-avatar"
      >
        {initialsOf(user)}
      </Avatar>
    );
  }
  if (user.avatar) return <Avatar size={INITIALS_AVATAR_SIZE} src={user.avatar} alt="" style={{ flex: "none" }} />;
  const { icon, label } = roleIcon(user.groups);
  return (
    <span role="img" aria-label={label} title={label} style={{ display: "inline-flex", flex: "none" }}>
      <Avatar size={INITIALS_AVATAR_SIZE} icon={icon} />
    </span>
  );
}
