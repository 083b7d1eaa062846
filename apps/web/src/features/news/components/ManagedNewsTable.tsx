import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { type ManagedNews, NEWS_STATUS_NAMES, type NewsStatus } from "@nadoy/contract/content";
import { App, Button, Flex, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useDeleteNews } from "../api.ts";
import { audienceText } from "../lib/audience-text.ts";
import { newsDateTime } from "../lib/news-date.ts";
import { PublishControls } from "./PublishControls.tsx";

type Row = Omit<ManagedNews, "body">;

const STATUS_COLORS: Record<NewsStatus, string> = { draft: "default", scheduled: "gold", published: "green" };

function StatusCell({ item }: { item: Row }) {
  return (
    <Flex vertical gap={2} align="start">
      <Tag color={STATUS_COLORS[item.status]}>{NEWS_STATUS_NAMES[item.status]}</Tag>
      {item.publish_at ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {newsDateTime(item.publish_at)}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function Actions({ item }: { item: Row }) {
  const { modal } = App.useApp();
  const remove = useDeleteNews();
  const failed = useFailureToast();
  return (
    <Flex gap={0} wrap align="center">
      <RouterButtonLink
        size="small"
        type="link"
        icon={<EditOutlined />}
        to={href.newsEdit({ id: item.id })}
        aria-label={`Изменить «${item.title}»`}
      />
      <PublishControls item={item} compact />
      <Button
        size="small"
        type="link"
        danger
        icon={<DeleteOutlined />}
        aria-label={`Удалить «${item.title}»`}
        onClick={() =>
          modal.confirm({
            title: `Удалить новость «${item.title}»?`,
            content: "Читатели её больше не увидят. Это нельзя отменить.",
            okText: "Удалить",
            okButtonProps: { danger: true },
            cancelText: "Отмена",
            onOk: () => remove.mutateAsync(item.id).catch(failed),
          })
        }
      />
    </Flex>
  );
}

const columns: TableColumnsType<Row> = [
  {
    key: "title",
    title: "Заголовок",
    render: (_, item) => <RouterLink to={href.newsEdit({ id: item.id })}>{item.title}</RouterLink>,
  },
  { key: "status", title: "Статус", width: 160, render: (_, item) => <StatusCell item={item} /> },
  { key: "audience", title: "Кому", render: (_, item) => audienceText(item.audience) },
  {
    key: "updated",
    title: "Изменена",
    width: 170,
    render: (_, item) => (
      <Flex vertical gap={2}>
        <span>{newsDateTime(item.updated_at)}</span>
        {item.updated_by ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {item.updated_by.name}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  { key: "actions", title: "Действия", render: (_, item) => <Actions item={item} /> },
];

/** Every news item for editors: status, audience, last change, and what can be done with it. */
export function ManagedNewsTable({ items, loading }: { items: Row[]; loading: boolean }) {
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: "Новостей пока нет" }}
      scroll={{ x: true }}
    />
  );
}
