import { SENT_NOTIFICATIONS_PAGE_SIZE, type SentNotification } from "@nadoy/contract/content";
import { Button, Flex, Progress, Result, Table, type TableColumnsType, Typography } from "antd";
import { useState } from "react";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { useSentNotifications } from "../api.ts";
import { formatSentAt, readCountText, readPercent } from "../read-count.ts";

const COLUMNS: TableColumnsType<SentNotification> = [
  { title: "Заголовок", dataIndex: "title", key: "title" },
  {
    title: "Сообщение",
    dataIndex: "msg",
    key: "msg",
    render: (msg: string) => <Typography.Paragraph ellipsis={{ rows: 3, tooltip: msg }}>{msg}</Typography.Paragraph>,
  },
  {
    title: "Ссылка",
    dataIndex: "link",
    key: "link",
    render: (link: string | null) => (link ? <Typography.Text copyable>{link}</Typography.Text> : "—"),
  },
  { title: "Кому", dataIndex: "audience_text", key: "audience" },
  {
    title: "Прочитали",
    key: "read",
    render: (_: unknown, sent) => {
      const text = readCountText(sent.read_count, sent.recipients);
      return (
        <Flex vertical gap={2} style={{ minWidth: 140 }}>
          <span>{text}</span>
          <Progress
            percent={readPercent(sent.read_count, sent.recipients)}
            size="small"
            showInfo={false}
            aria-label={text}
          />
        </Flex>
      );
    },
  },
  {
    title: "Дата",
    dataIndex: "created_at",
    key: "created_at",
    render: (iso: string) => <span style={{ whiteSpace: "nowrap" }}>{formatSentAt(iso)}</span>,
  },
  {
    title: "Автор",
    key: "author",
    render: (_: unknown, sent) => sent.created_by?.name ?? "—",
  },
];

/** What editors sent, with how many recipients have read each. */
export function SentNotificationsTable() {
  const [page, setPage] = useState(1);
  const sent = useSentNotifications(page);
  if (sent.isError) {
    return (
      <Result
        status="error"
        title="Не удалось загрузить уведомления"
        subTitle={errorMessage(sent.error)}
        extra={<Button onClick={() => void sent.refetch()}>Повторить</Button>}
      />
    );
  }
  return (
    <Table<SentNotification>
      rowKey="id"
      size="small"
      columns={COLUMNS}
      dataSource={sent.data?.items ?? []}
      loading={sent.isPending}
      locale={{ emptyText: "Уведомлений ещё не отправляли" }}
      pagination={{
        current: page,
        pageSize: sent.data?.page_size ?? SENT_NOTIFICATIONS_PAGE_SIZE,
        total: sent.data?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        onChange: setPage,
      }}
      scroll={{ x: true }}
      aria-label="Отправленные уведомления"
    />
  );
}
