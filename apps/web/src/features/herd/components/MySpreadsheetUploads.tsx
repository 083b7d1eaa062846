import { HERD_UPLOAD_KIND_LABELS, type HerdUploadRecord } from "@nadoy/contract/herd";
import {
  HERD_SPREADSHEET_KIND_LABELS,
  type HerdMyUpload,
  herdSpreadsheetKindSchema,
} from "@nadoy/contract/herd-spreadsheet";
import { Alert, Empty, Flex, List, Table, Typography } from "antd";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { useMySpreadsheetUploads } from "../api.ts";
import { formatMoment } from "../lib/freshness.ts";
import { RefusedRowsDownload } from "./RefusedRowsDownload.tsx";
import { countsText } from "./UploadHistoryDrawer.tsx";
import { UploadStatusTag } from "./UploadStatusTag.tsx";

const n = (value: number) => value.toLocaleString("ru-RU");

function kindText(row: HerdUploadRecord): string {
  if (!row.kind) return "—";
  const sheet = herdSpreadsheetKindSchema.safeParse(row.kind);
  return sheet.success ? HERD_SPREADSHEET_KIND_LABELS[sheet.data] : HERD_UPLOAD_KIND_LABELS[row.kind];
}

/** What a row with refused lines says when opened: the first lines refused and why. */
function RefusedRows({ row }: { row: HerdMyUpload }) {
  return (
    <Flex vertical gap="small">
      <Typography.Text>
        Отклонено строк: {n(row.counts.rows_refused)} из {n(row.counts.rows)}. Исправьте таблицу и загрузите её снова —
        уже записанное не задвоится.
      </Typography.Text>
      <List
        size="small"
        dataSource={row.errors}
        renderItem={(error) => (
          <List.Item>
            {error.line > 0 ? `Строка ${n(error.line)}: ` : ""}
            {error.message}
          </List.Item>
        )}
      />
      {row.errors_count > row.errors.length ? (
        <Typography.Text type="secondary">
          Показаны первые {n(row.errors.length)} из {n(row.errors_count)}.
        </Typography.Text>
      ) : null}
      {/* Rows refused one by one (not a file refused whole) are kept to download. */}
      {row.counts.rows_refused > 0 && (row.status === "staged" || row.status === "committed") ? (
        <RefusedRowsDownload uploadUuid={row.upload_uuid} fileName={row.file_name} />
      ) : null}
    </Flex>
  );
}

/** The caller's spreadsheet uploads, newest first; a row with errors opens on its refused lines. */
export function MySpreadsheetUploads() {
  const uploads = useMySpreadsheetUploads();
  if (uploads.isError) return <Alert type="error" showIcon title={errorMessage(uploads.error)} />;
  return (
    <Table<HerdMyUpload>
      size="small"
      rowKey="upload_uuid"
      loading={uploads.isPending}
      dataSource={uploads.data ?? []}
      scroll={{ x: true }}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{
        emptyText: (
          <Empty description="Вы ещё не загружали таблицы. Скачайте шаблон нужного вида, заполните его и загрузите в свою базу стада." />
        ),
      }}
      expandable={{
        rowExpandable: (row) => row.errors_count > 0,
        expandedRowRender: (row) => <RefusedRows row={row} />,
      }}
      columns={[
        { key: "file", title: "Файл", dataIndex: "file_name" },
        { key: "db", title: "База", render: (_, row) => row.database.name },
        { key: "kind", title: "Вид", render: (_, row) => kindText(row) },
        { key: "date", title: "Дата", render: (_, row) => formatMoment(row.created_at) },
        { key: "status", title: "Статус", render: (_, row) => <UploadStatusTag status={row.status} /> },
        { key: "counts", title: "Данные", render: (_, row) => countsText(row) },
        { key: "errors", title: "Ошибок", align: "right", render: (_, row) => n(row.errors_count) },
      ]}
    />
  );
}
