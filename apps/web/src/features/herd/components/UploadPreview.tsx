import { formatFileSize } from "@nadoy/contract/file-size";
import { HERD_UPLOAD_KIND_LABELS, type HerdUploadCreated } from "@nadoy/contract/herd";
import { Button, Card, Descriptions, Flex } from "antd";
import type { UploadedFile } from "../lib/use-herd-upload.ts";
import { UploadCounts } from "./UploadCounts.tsx";
import { UploadErrorsTable } from "./UploadErrorsTable.tsx";
import { UploadItems } from "./UploadItems.tsx";

interface UploadPreviewProps {
  file: UploadedFile;
  created: HerdUploadCreated;
  onCommit: () => void;
  onAnother: () => void;
}

/** What the checked file would write (nothing is written yet), and the button that writes it. */
export function UploadPreview({ file, created, onCommit, onAnother }: UploadPreviewProps) {
  const { preview } = created;
  return (
    <Card title="Проверка файла" size="small">
      <Flex vertical gap="large">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: "file", label: "Файл", children: `${file.name} (${formatFileSize(file.size)})` },
            { key: "kind", label: "Найдено", children: HERD_UPLOAD_KIND_LABELS[created.kind] },
          ]}
        />
        <UploadCounts counts={preview} />
        <UploadItems items={preview.items} />
        <UploadErrorsTable errors={preview.errors} total={preview.rows_refused} />
        <Flex gap="small" wrap>
          <Button type="primary" onClick={onCommit}>
            Записать в базу
          </Button>
          <Button onClick={onAnother}>Выбрать другой файл</Button>
        </Flex>
      </Flex>
    </Card>
  );
}
