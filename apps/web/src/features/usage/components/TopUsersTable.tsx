import { USAGE_TOP_USERS, type UsageReport } from "@nadoy/contract/usage";
import { Table, type TableColumnsType, Typography } from "antd";
import dayjs from "dayjs";

type TopUser = UsageReport["by_user"][number];

const columns: TableColumnsType<TopUser> = [
  {
    key: "user",
    title: "Пользователь",
    render: (_, row) =>
      row.user ? (
        <span>
          {row.user.name}
          {row.user.name === row.user.username ? null : (
            <Typography.Text type="secondary"> ({row.user.username})</Typography.Text>
          )}
        </span>
      ) : (
        <Typography.Text type="secondary">Удалённый пользователь</Typography.Text>
      ),
  },
  { key: "hits", title: "Переходы", dataIndex: "hits", align: "right", width: 120 },
  {
    key: "last_at",
    title: "Последний переход",
    width: 180,
    render: (_, row) => dayjs(row.last_at).format("DD.MM.YYYY HH:mm"),
  },
];

/** The most active users of the period (USAGE_TOP_USERS at most). */
export function TopUsersTable({ rows }: { rows: UsageReport["by_user"] }) {
  return (
    <Table<TopUser>
      rowKey={(row) => row.user?.id ?? "deleted"}
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      title={() => `Самые активные пользователи (до ${USAGE_TOP_USERS})`}
      scroll={{ x: true }}
    />
  );
}
