import { HERD_UPLOAD_ERRORS_MAX } from "@nadoy/contract/herd";
import { Table, Typography } from "antd";

interface RowError {
  line: number;
  message: string;
}

/** A message without its «Строка N: », which the «Строка» column already shows. */
function withoutLine({ line, message }: RowError): string {
  const prefix = `Строка ${line}: `;
  if (!message.startsWith(prefix)) return message;
  const rest = message.slice(prefix.length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** The rows the server refused: line and why; `total` may exceed the ones sent (the first 200). */
export function UploadErrorsTable({ errors, total }: { errors: readonly RowError[]; total: number }) {
  if (total === 0) return null;
  return (
    <section aria-label="Ошибки в строках">
      <Typography.Title level={5}>Ошибки в строках: {total.toLocaleString("ru-RU")}</Typography.Title>
      {total > errors.length ? (
        <Typography.Paragraph type="secondary">
          Показаны первые {Math.min(errors.length, HERD_UPLOAD_ERRORS_MAX).toLocaleString("ru-RU")}.
        </Typography.Paragraph>
      ) : null}
      <Table<RowError>
        size="small"
        rowKey={(row) => `${row.line}:${row.message}`}
        dataSource={[...errors]}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { key: "line", title: "Строка", dataIndex: "line", width: 100 },
          { key: "message", title: "Ошибка", render: (_, row) => withoutLine(row) },
        ]}
      />
    </section>
  );
}
