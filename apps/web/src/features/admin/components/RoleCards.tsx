import type { AdminRole } from "@nadoy/contract/admin-users";
import { pluralRu } from "@nadoy/contract/plural";
import { Card, Flex, Tag, Typography } from "antd";
import { roleIcon } from "../../../shared/ui/role-icon.tsx";

const usersText = (n: number) => `${n} ${pluralRu(n, ["пользователь", "пользователя", "пользователей"])}`;

function RoleCard({ role }: { role: AdminRole }) {
  return (
    <Card
      size="small"
      title={
        <Flex gap="small" align="center">
          <span style={{ fontSize: 20 }}>{roleIcon([role.id]).icon}</span>
          <span>{role.name}</span>
        </Flex>
      }
      extra={<Typography.Text type="secondary">{usersText(role.users_count)}</Typography.Text>}
      style={{ width: 360 }}
      aria-label={role.name}
      role="region"
    >
      <Typography.Paragraph>{role.description}</Typography.Paragraph>
      <Typography.Text strong>Может открывать</Typography.Text>
      <Flex gap={4} wrap style={{ marginTop: 8 }}>
        {role.may_open.length > 0 ? role.may_open.map((section) => <Tag key={section}>{section}</Tag>) : "—"}
      </Flex>
    </Card>
  );
}

/** Roles 1–7, each a card: its icon, name, description, what it may open and how many users hold it. */
export function RoleCards({ roles }: { roles: AdminRole[] }) {
  return (
    <Flex gap="middle" wrap align="stretch">
      {roles.map((role) => (
        <RoleCard key={role.id} role={role} />
      ))}
    </Flex>
  );
}
