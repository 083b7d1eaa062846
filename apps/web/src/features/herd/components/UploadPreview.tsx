import { formatFileSize } from "@nadoy/contract/file-size";
import { type HerdUploadPreview, herdUploadAddsNothing } from "@nadoy/contract/herd";
import { Alert, Button, Card, Descriptions, Flex } from "antd";
import type { ReactNode } from "react";
import type { UploadedFile } from "../lib/use-herd-upload.ts";
import { UploadCounts } from "./UploadCounts.tsx";
import { UploadErrorsTable } from "./UploadErrorsTable.tsx";

interface UploadPreviewProps {
  file: UploadedFile;
  /** The staged upload: its refused rows are downloaded by it. */
  uploadUuid: string;
  /** What the file holds, as found (DC305) or as chosen (a spreadsheet). */
  kind: string;
  preview: HerdUploadPreview;
  /** The file's columns: what was read into which field. */
  children: ReactNode;
  /** Buttons before «Записать в базу» (a spreadsheet's «Проверить снова»). */
  actions?: ReactNode;
  commitDisabled?: boolean;
  /** A request on this preview is on its way: nothing else may start. */
  busy?: boolean;
  onCommit: () => void;
  onAnother: () => void;
}

/** What the checked file would write (nothing is written yet), and the button that writes it. */
export function UploadPreview(props: UploadPreviewProps) {
  const { file, kind, preview, busy = false } = props;
  // A re-upload: the herd has everything the file holds, so there is nothing to write.
  const nothingNew = herdUploadAddsNothing(preview);
  return (
    <Card title="Проверка файла" size="small">
      <Flex vertical gap="large">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: "file", label: "Файл", children: `${file.name} (${formatFileSize(file.size)})` },
            { key: "kind", label: "Найдено", children: kind },
          ]}
        />
        <UploadCounts counts={preview} />
        {props.children}
        <UploadErrorsTable
          errors={preview.errors}
          total={preview.rows_refused}
          download={{ uploadUuid: props.uploadUuid, fileName: file.name }}
        />
        {nothingNew && !props.commitDisabled && preview.rows > preview.rows_refused ? (
          <Alert
            type="info"
            showIcon
            title="В файле нет ничего нового"
            description="Всё, что в нём есть, уже записано в базу: записывать нечего."
          />
        ) : null}
        <Flex gap="small" wrap>
          {props.actions}
          {nothingNew ? null : (
            <Button type="primary" disabled={props.commitDisabled || busy} onClick={props.onCommit}>
              Записать в базу
            </Button>
          )}
          <Button disabled={busy} onClick={props.onAnother}>
            Выбрать другой файл
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
