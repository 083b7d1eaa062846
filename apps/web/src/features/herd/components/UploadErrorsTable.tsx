import { Flex, Table, Typography } from "antd";
import { RefusedRowsDownload, type RefusedRowsFile } from "./RefusedRowsDownload.tsx";

interface RowError {
  line: number;
  message: string;
}

const n = (value: number) => value.toLocaleString("ru-RU");

/** A message without its «Строка N: », which the «Строка» column already shows. */
function withoutLine({ line, message }: RowError): string {
  const prefix = `Строка ${line}: `;
  if (!message.startsWith(prefix)) return message;
  const rest = message.slice(prefix.length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

interface UploadErrorsTableProps {
  /** The first rows the server refused (HERD_UPLOAD_ERRORS_MAX at most). */
  errors: readonly RowError[];
  /** How many it refused in all. */
  total: number;
  /** The upload whose refused rows can be downloaded whole. */
  download?: RefusedRowsFile;
}

/** The rows the server refused: line and why; all of them as a file when more were refused than sent. */
export function UploadErrorsTable({ errors, total, download }: UploadErrorsTableProps) {
  if (total === 0) return null;
  return (
    <section aria-label="Ошибки в строках">
      <Typography.Title level={5}>Ошибки в строках: {n(total)}</Typography.Title>
      <Flex gap="small" align="center" wrap style={{ marginBottom: 8 }}>
        {total > errors.length ? (
          <Typography.Text type="secondary">
            Показаны первые {n(errors.length)} из {n(total)}.
          </Typography.Text>
        ) : null}
        {download ? <RefusedRowsDownload {...download} /> : null}
      </Flex>
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
