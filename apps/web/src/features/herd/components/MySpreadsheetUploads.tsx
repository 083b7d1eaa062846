import { HERD_UPLOAD_KIND_LABELS, type HerdUploadRecord } from "@nadoy/contract/herd";
import { HERD_SPREADSHEET_KIND_LABELS, herdSpreadsheetKindSchema } from "@nadoy/contract/herd-spreadsheet";
import { Alert, Empty, Table, Typography } from "antd";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { useMySpreadsheetUploads } from "../api.ts";
import { formatMoment } from "../lib/freshness.ts";
import { countsText } from "./UploadHistoryDrawer.tsx";
import { UploadStatusTag } from "./UploadStatusTag.tsx";

const n = (value: number) => value.toLocaleString("ru-RU");

function kindText(row: HerdUploadRecord): string {
  if (!row.kind) return "—";
  const sheet = herdSpreadsheetKindSchema.safeParse(row.kind);
  return sheet.success ? HERD_SPREADSHEET_KIND_LABELS[sheet.data] : HERD_UPLOAD_KIND_LABELS[row.kind];
}

/** What a row with refused lines says when opened. */
function RefusedRows({ row }: { row: HerdUploadRecord }) {
  return (
    <Typography.Paragraph style={{ margin: 0 }}>
      Отклонено строк: {n(row.counts.rows_refused)} из {n(row.counts.rows)} (ошибок: {n(row.errors_count)}). Номера
      строк и причины показываются при проверке файла: исправьте таблицу и загрузите её снова — уже записанное не
      задвоится.
    </Typography.Paragraph>
  );
}

/** The caller's spreadsheet uploads, newest first; a row with errors opens to say what to do. */
export function MySpreadsheetUploads() {
  const uploads = useMySpreadsheetUploads();
  if (uploads.isError) return <Alert type="error" showIcon title={errorMessage(uploads.error)} />;
  return (
    <Table<HerdUploadRecord>
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
