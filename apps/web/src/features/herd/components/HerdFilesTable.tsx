import { formatFileSize } from "@nadoy/contract/file-size";
import { HERD_UPLOAD_KIND_LABELS, HERD_UPLOAD_STATUS_LABELS, type HerdUploadStatus } from "@nadoy/contract/herd";
import { HERD_UPLOAD_FORMAT_LABELS, type HerdFile } from "@nadoy/contract/herd-files";
import { Button, Flex, Grid, Table, Tag, Typography } from "antd";
import { formatMoment } from "../lib/freshness.ts";

const STATUS_COLORS: Record<HerdUploadStatus, string> = {
  staged: "default",
  committed: "green",
  failed: "red",
  cancelled: "default",
};

/** «DC305 · События (EVENTS)»: the program and what the file held. */
export function fileHeld(file: Pick<HerdFile, "format" | "kind">): string {
  const format = HERD_UPLOAD_FORMAT_LABELS[file.format];
  return file.kind ? `${format} · ${HERD_UPLOAD_KIND_LABELS[file.kind]}` : format;
}

interface HerdFilesTableProps {
  files: HerdFile[];
  onDownload: (file: HerdFile) => void;
  onDelete: (file: HerdFile) => void;
  /** Check the file again (DC305 files): a new upload's preview. */
  onRerun: (file: HerdFile) => void;
  /** The file whose download or delete is under way. */
  busy: string | null;
}

/**
 * The kept files, newest first. On a phone only the name (with its database and date under it),
 * the size and the buttons stay: the rest needs a wider screen.
 */
export function HerdFilesTable({ files, onDownload, onDelete, onRerun, busy }: HerdFilesTableProps) {
  const wide = Grid.useBreakpoint().md === true;
  return (
    <Table<HerdFile>
      size="small"
      rowKey="upload_uuid"
      dataSource={files}
      pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={{ x: true }}
      columns={[
        {
          key: "name",
          title: "Файл",
          render: (_, file) => (
            <Flex vertical>
              <Typography.Text style={{ wordBreak: "break-all" }}>{file.file_name}</Typography.Text>
              {wide ? null : (
                <Typography.Text type="secondary">
                  {file.database.name}, {formatMoment(file.created_at)}
                </Typography.Text>
              )}
            </Flex>
          ),
        },
        { key: "database", title: "База", render: (_, file) => file.database.name, responsive: ["md"] },
        { key: "held", title: "Содержимое", render: (_, file) => fileHeld(file), responsive: ["lg"] },
        {
          key: "size",
          title: "Размер",
          align: "right",
          render: (_, file) => <span style={{ whiteSpace: "nowrap" }}>{formatFileSize(file.size_bytes)}</span>,
        },
        {
          key: "user",
          title: "Загрузил",
          render: (_, file) => file.user?.name ?? "Удалённый пользователь",
          responsive: ["lg"],
        },
        { key: "date", title: "Дата", render: (_, file) => formatMoment(file.created_at), responsive: ["md"] },
        {
          key: "status",
          title: "Статус",
          render: (_, file) => <Tag color={STATUS_COLORS[file.status]}>{HERD_UPLOAD_STATUS_LABELS[file.status]}</Tag>,
          responsive: ["sm"],
        },
        {
          key: "actions",
          title: "",
          render: (_, file) => (
            <Flex gap={4} wrap>
              <Button
                size="small"
                loading={busy === file.upload_uuid}
                disabled={busy !== null && busy !== file.upload_uuid}
                onClick={() => onDownload(file)}
                aria-label={`Скачать ${file.file_name}`}
              >
                Скачать
              </Button>
              {file.format === "dc305" || file.kind !== null ? (
                <Button
                  size="small"
                  disabled={busy !== null}
                  onClick={() => onRerun(file)}
                  aria-label={`Проверить снова ${file.file_name}`}
                >
                  Проверить снова
                </Button>
              ) : null}
              {file.can_delete ? (
                <Button
                  size="small"
                  danger
                  disabled={busy !== null}
                  onClick={() => onDelete(file)}
                  aria-label={`Удалить ${file.file_name}`}
                >
                  Удалить
                </Button>
              ) : null}
            </Flex>
          ),
        },
      ]}
    />
  );
}
