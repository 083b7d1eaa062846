import { formatFileSize } from "@nadoy/contract/file-size";
import { HERD_UPLOAD_KIND_LABELS, type HerdUploadRecord } from "@nadoy/contract/herd";
import { Alert, Drawer, Table } from "antd";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { useHerdUploads } from "../api.ts";
import { formatDuration, formatMoment } from "../lib/freshness.ts";
import { UploadStatusTag } from "./UploadStatusTag.tsx";

const n = (value: number) => value.toLocaleString("ru-RU");

/** A record's counts in one line: what was new or changed. */
export function countsText({ counts }: HerdUploadRecord): string {
  return [
    `животные: +${n(counts.animals_new)}, изм. ${n(counts.animals_changed)}`,
    `события: +${n(counts.events_new)}`,
    `контрольные дойки: +${n(counts.test_days_new)}, изм. ${n(counts.test_days_changed)}`,
    `строк: ${n(counts.rows)}`,
  ].join("; ");
}

/** The uploads of one database, newest first: who sent which file, what it held, how it ended. */
export function UploadHistoryDrawer({
  db,
  onClose,
}: {
  db: { uuid: string; name: string } | null;
  onClose: () => void;
}) {
  const uploads = useHerdUploads(db?.uuid ?? "", db !== null);
  return (
    <Drawer
      open={db !== null}
      onClose={onClose}
      size="large"
      title={`История загрузок: ${db?.name ?? ""}`}
      destroyOnHidden
    >
      {uploads.isError ? <Alert type="error" showIcon title={errorMessage(uploads.error)} /> : null}
      <Table<HerdUploadRecord>
        size="small"
        rowKey="upload_uuid"
        loading={uploads.isPending}
        dataSource={uploads.data ?? []}
        locale={{ emptyText: "Загрузок ещё не было" }}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: true }}
        columns={[
          { key: "date", title: "Дата", render: (_, row) => formatMoment(row.created_at) },
          { key: "user", title: "Пользователь", render: (_, row) => row.user?.name ?? "Удалённый пользователь" },
          { key: "file", title: "Файл", dataIndex: "file_name" },
          { key: "size", title: "Размер", render: (_, row) => formatFileSize(row.size_bytes) },
          { key: "kind", title: "Вид", render: (_, row) => (row.kind ? HERD_UPLOAD_KIND_LABELS[row.kind] : "—") },
          {
            key: "status",
            title: "Статус",
            render: (_, row) => <UploadStatusTag status={row.status} />,
          },
          { key: "counts", title: "Данные", render: (_, row) => countsText(row) },
          { key: "errors", title: "Ошибок", align: "right", render: (_, row) => n(row.errors_count) },
          { key: "duration", title: "Длительность", render: (_, row) => formatDuration(row.duration_ms) },
        ]}
      />
    </Drawer>
  );
}
