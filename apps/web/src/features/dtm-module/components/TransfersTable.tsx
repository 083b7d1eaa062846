import {
  DTM_TIME_ZONE,
  type DtmTransfer,
  TRANSFER_KIND_LABELS,
  TRANSFER_RESULT_LABELS,
  type TransferResult,
} from "@nadoy/contract/dtm";
import { Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

const RESULT_COLORS: Record<TransferResult, string> = {
  ok: "success",
  partial: "warning",
  failed: "error",
  refused: "default",
};

const hasDetails = (t: DtmTransfer) => t.first_errors.length > 0 || t.error !== null;

const columns: ColumnsType<DtmTransfer> = [
  {
    // Moscow time, as the period and the chart's days and the XLSX (contract dtm.ts), whatever the browser's zone.
    title: "Когда (МСК)",
    dataIndex: "at",
    render: (at: string) => dayjs(at).tz(DTM_TIME_ZONE).format("DD.MM.YYYY HH:mm:ss"),
    width: 170,
  },
  {
    title: "Ключ",
    key: "key",
    render: (_, t) => (
      <>
        {t.key.name} <Typography.Text type="secondary">{t.key.hint}…</Typography.Text>
      </>
    ),
  },
  { title: "Откуда", dataIndex: "ip", render: (ip: string | null) => ip ?? "—" },
  {
    title: "Что",
    key: "what",
    render: (_, t) => (
      <>
        {TRANSFER_KIND_LABELS[t.kind]}
        <br />
        <Typography.Text type="secondary">{t.database ?? "база удалена"}</Typography.Text>
      </>
    ),
  },
  {
    title: "Строки: получено / принято / отклонено",
    key: "rows",
    render: (_, t) => `${t.rows_received} / ${t.rows_accepted} / ${t.rows_rejected}`,
  },
  {
    title: "Результат",
    dataIndex: "result",
    render: (result: TransferResult) => <Tag color={RESULT_COLORS[result]}>{TRANSFER_RESULT_LABELS[result]}</Tag>,
  },
];

/** What was refused: the batch's answer, then its first refused rows (counted from 1). */
function Details({ transfer }: { transfer: DtmTransfer }) {
  return (
    <div>
      {transfer.error ? <Typography.Paragraph>{transfer.error}</Typography.Paragraph> : null}
      {transfer.first_errors.length > 0 ? (
        <>
          <Typography.Text type="secondary">Первые ошибки:</Typography.Text>
          <ul style={{ margin: 0 }}>
            {transfer.first_errors.map((e) => (
              <li key={e.index}>
                строка {e.index + 1}: {e.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** One page of transfers; the ones with errors expand to show them. */
export function TransfersTable({
  items,
  total,
  page,
  pageSize,
  loading,
  onPage,
}: {
  items: DtmTransfer[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <Table<DtmTransfer>
      aria-label="Передачи"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={items}
      loading={loading}
      scroll={{ x: 900 }}
      expandable={{
        rowExpandable: hasDetails,
        expandedRowRender: (t) => <Details transfer={t} />,
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: false,
        showTotal: (n) => `Всего: ${n}`,
        onChange: onPage,
      }}
    />
  );
}
