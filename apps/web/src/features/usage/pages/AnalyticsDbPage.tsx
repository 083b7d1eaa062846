import type { DatabaseUploadStats } from "@nadoy/contract/usage";
import { Button, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { useDatabaseAnalytics } from "../api.ts";
import { UsageGate } from "../components/UsageGate.tsx";

const number = (n: number) => n.toLocaleString("ru-RU");

const columns: TableColumnsType<DatabaseUploadStats> = [
  { key: "company", title: "Компания", render: (_, row) => row.company.name },
  { key: "name", title: "База данных", dataIndex: "name" },
  {
    key: "address",
    title: "Сервер / база",
    render: (_, row) => (
      <Typography.Text code>
        {row.server}/{row.db_name}
      </Typography.Text>
    ),
  },
  {
    key: "active",
    title: "Активна",
    width: 100,
    render: (_, row) => (row.active ? <Tag color="green">Да</Tag> : <Tag>Нет</Tag>),
  },
  { key: "uploads", title: "Загрузок", align: "right", width: 110, render: (_, row) => number(row.uploads_count) },
  {
    key: "last",
    title: "Последняя загрузка",
    width: 170,
    render: (_, row) => (row.last_upload_at ? dayjs(row.last_upload_at).format("DD.MM.YYYY HH:mm") : "—"),
  },
  { key: "rows", title: "Строк", align: "right", width: 120, render: (_, row) => number(row.rows_total) },
];

function DatabasesTable() {
  const databases = useDatabaseAnalytics();
  if (databases.isError) {
    return (
      <Flex gap="small" align="center">
        <Typography.Text type="secondary">Список баз данных не загрузился.</Typography.Text>
        <Button size="small" onClick={() => void databases.refetch()}>
          Повторить
        </Button>
      </Flex>
    );
  }
  const rows = databases.data ?? [];
  if (databases.data && rows.length === 0) {
    return (
      <Empty description="Баз данных пока нет: их подключают в карточках компаний.">
        <RouterButtonLink type="primary" to={href.businessPages()}>
          Компании и фермы
        </RouterButtonLink>
      </Empty>
    );
  }
  const noUploads = databases.data !== undefined && rows.every((row) => row.uploads_count === 0);
  return (
    <Flex vertical gap="middle">
      {noUploads ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Статистика появится после первых загрузок данных" />
      ) : null}
      <Table<DatabaseUploadStats>
        rowKey="uuid"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={databases.isFetching}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: true }}
      />
    </Flex>
  );
}

/** /analytics-db — every company's user databases with their upload statistics (superusers and role 1). */
export function AnalyticsDbPage() {
  return (
    <UsageGate>
      {() => (
        <Flex vertical gap="middle">
          <Typography.Title level={2} style={{ margin: 0 }}>
            Статистика загрузок
          </Typography.Title>
          <DatabasesTable />
        </Flex>
      )}
    </UsageGate>
  );
}
