import {
  CrownOutlined,
  EditOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  EyeOutlined,
  HomeOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { INITIALS_AVATAR_SIZE } from "@nadoy/contract/constants";
import { hasInitialsAvatar, Role, roleOf } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { Avatar } from "antd";
import type { ReactNode } from "react";
import { avatarColor, initialsOf } from "../../shared/lib/initials-avatar.ts";

/** Spec §6: an icon per role 1–6 and one for a user without a role; role 7 has initials instead. */
const ROLE_ICONS: Record<number, ReactNode> = {
  [Role.admin]: <CrownOutlined />,
  [Role.contentEditor]: <EditOutlined />,
  [Role.zootechnician]: <ExperimentOutlined />,
  [Role.agronomist]: <EnvironmentOutlined />,
  [Role.farmManager]: <HomeOutlined />,
  [Role.viewer]: <EyeOutlined />,
};

type AvatarUser = Pick<UserData, "groups" | "first_name" | "last_name" | "username" | "avatar">;

/** The user's picture in the navbar: initials for clients, else the uploaded photo or the role icon. */
export function UserAvatar({ user }: { user: AvatarUser | undefined }) {
  if (user && hasInitialsAvatar(user)) {
    const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
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
  if (user?.avatar) return <Avatar size={INITIALS_AVATAR_SIZE} src={user.avatar} alt="" style={{ flex: "none" }} />;
  const role = user ? roleOf(user.groups) : undefined;
  const icon = (role !== undefined && ROLE_ICONS[role]) || <UserOutlined />;
  return <Avatar size={INITIALS_AVATAR_SIZE} icon={icon} style={{ flex: "none" }} />;
}
