import type { AdminUserRow } from "@nadoy/contract/admin-users";
import { Flex, Table, type TableColumnsType, Tag, Typography } from "antd";
import { roleIcon } from "../../../shared/ui/role-icon.tsx";
import { dateTime } from "../lib/dates.ts";

function RoleCell({ role }: { role: number | null }) {
  const { icon, label } = roleIcon(role === null ? [] : [role]);
  return (
    <Flex gap="small" align="center">
      {icon}
      <span>{label}</span>
    </Flex>
  );
}

const columns: TableColumnsType<AdminUserRow> = [
  {
    key: "username",
    title: "Логин",
    render: (_, user) => (
      <Flex gap="small" align="center" wrap>
        <Typography.Link>{user.username}</Typography.Link>
        {user.is_superuser ? <Tag color="purple">Суперпользователь</Tag> : null}
      </Flex>
    ),
  },
  { key: "name", title: "Имя", dataIndex: "name" },
  { key: "email", title: "Эл. почта", dataIndex: "email" },
  { key: "role", title: "Роль", render: (_, user) => <RoleCell role={user.role} /> },
  {
    key: "companies",
    title: "Компании",
    render: (_, user) => user.companies.map((company) => company.name).join(", ") || "—",
  },
  {
    key: "active",
    title: "Статус",
    render: (_, user) => (user.is_active ? <Tag color="green">Активен</Tag> : <Tag color="red">Отключён</Tag>),
  },
  {
    key: "last_login",
    title: "Последний вход",
    render: (_, user) => (user.last_login_at ? dateTime(user.last_login_at) : "—"),
  },
];

interface UsersTableProps {
  items: AdminUserRow[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
}

/** One page of users; a click on a row opens its edit drawer. */
export function UsersTable({ items, loading, page, pageSize, total, onPage, onOpen }: UsersTableProps) {
  return (
    <Table<AdminUserRow>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={items}
      loading={loading}
      onRow={(user) => ({ onClick: () => onOpen(user.id), style: { cursor: "pointer" } })}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: onPage,
        showTotal: (count) => `Всего: ${count}`,
      }}
      locale={{ emptyText: "Никого не найдено" }}
      scroll={{ x: true }}
    />
  );
}
