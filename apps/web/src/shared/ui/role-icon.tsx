import {
  CrownOutlined,
  EditOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  EyeOutlined,
  HomeOutlined,
  QuestionOutlined,
  ShopOutlined,
} from "@ant-design/icons";
import { ROLE_IDS, ROLE_NAMES, Role, type RoleId, roleOf } from "@nadoy/contract/roles";
import type { ReactNode } from "react";

/** Spec §6: an icon for each role 1–7 … */
const ROLE_ICONS: Record<RoleId, ReactNode> = {
  [Role.admin]: <CrownOutlined />,
  [Role.contentEditor]: <EditOutlined />,
  [Role.zootechnician]: <ExperimentOutlined />,
  [Role.agronomist]: <EnvironmentOutlined />,
  [Role.farmManager]: <HomeOutlined />,
  [Role.viewer]: <EyeOutlined />,
  [Role.client]: <ShopOutlined />,
};

/** … and one for a user without a role. Other ids mean nothing to the app (spec §6): the same. */
const NO_ROLE_ICON = <QuestionOutlined />;
export const NO_ROLE_LABEL = "Роль не назначена";

function knownRole(groups: readonly number[]): RoleId | undefined {
  const role = roleOf(groups);
  return ROLE_IDS.find((id) => id === role);
}

/** The icon of the user's role (first group) and what it means, for the avatar's label. */
export function roleIcon(groups: readonly number[]): { icon: ReactNode; label: string } {
  const role = knownRole(groups);
  return role === undefined
    ? { icon: NO_ROLE_ICON, label: NO_ROLE_LABEL }
    : { icon: ROLE_ICONS[role], label: ROLE_NAMES[role] };
}
