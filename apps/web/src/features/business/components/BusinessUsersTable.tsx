import type { BusinessUser } from "@nadoy/contract/business";
import { Flex, Table, type TableColumnsType, Tag, Typography } from "antd";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { manageUserHref, roleName } from "../lib/users.ts";

const count = (n: number) => n.toLocaleString("ru-RU");
const none = <Typography.Text type="secondary">—</Typography.Text>;

function FarmsCell({ user }: { user: BusinessUser }) {
  if (user.farms.length > 0) return <>{user.farms.map((farm) => farm.name).join(", ")}</>;
  if (user.companies.length === 0) return none;
  return <Typography.Text type="secondary">все фермы</Typography.Text>;
}

function DatabasesCell({ user }: { user: BusinessUser }) {
  if (user.databases.length === 0) return none;
  return (
    <Flex gap={4} wrap>
      {user.databases.map((database) => (
        <Tag key={database.uuid} color={database.active ? "blue" : "default"}>
          {database.active ? database.name : `${database.name} (отключена)`}
        </Tag>
      ))}
    </Flex>
  );
}

const columns: TableColumnsType<BusinessUser> = [
  {
    key: "name",
    title: "Пользователь",
    render: (_, user) => (
      <Flex vertical gap={0}>
        <span>{user.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {user.username}
        </Typography.Text>
      </Flex>
    ),
  },
  { key: "role", title: "Роль", render: (_, user) => roleName(user.role) },
  {
    key: "companies",
    title: "Компании",
    render: (_, user) => (user.companies.length > 0 ? user.companies.map((c) => c.name).join(", ") : none),
  },
  { key: "farms", title: "Фермы", render: (_, user) => <FarmsCell user={user} /> },
  { key: "databases", title: "Базы данных", render: (_, user) => <DatabasesCell user={user} /> },
  { key: "reports", title: "Отчёты", align: "right", render: (_, user) => count(user.reports_count) },
  {
    key: "groups",
    title: "Группы отчётов",
    align: "right",
    render: (_, user) => count(user.iframe_groups_count),
  },
  {
    key: "active",
    title: "Статус",
    render: (_, user) => (user.is_active ? <Tag color="green">Активен</Tag> : <Tag color="red">Отключён</Tag>),
  },
  {
    key: "open",
    title: "Действия",
    render: (_, user) => <RouterLink to={manageUserHref(user)}>Изменить доступ</RouterLink>,
  },
];

interface BusinessUsersTableProps {
  items: BusinessUser[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** One page of business users with what each is given; «Изменить доступ» opens them in the users page. */
export function BusinessUsersTable({ items, loading, page, pageSize, total, onPage }: BusinessUsersTableProps) {
  return (
    <Table<BusinessUser>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: onPage,
        showTotal: (n) => `Всего: ${count(n)}`,
      }}
      locale={{ emptyText: "Никого не найдено" }}
      scroll={{ x: true }}
    />
  );
}
