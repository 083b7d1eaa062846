import { HERD_MAPPING_SOURCE_LABELS, type HerdUploadCreated } from "@nadoy/contract/herd";
import {
  HERD_SPREADSHEET_KIND_LABELS,
  type HerdColumnMapping,
  type HerdSpreadsheetKind,
  missingRequiredFields,
} from "@nadoy/contract/herd-spreadsheet";
import { Alert, Button, Flex, Typography } from "antd";
import { useState } from "react";
import type { UploadedFile } from "../lib/use-herd-upload.ts";
import { ColumnMappingTable } from "./ColumnMappingTable.tsx";
import { UploadPreview } from "./UploadPreview.tsx";

interface SpreadsheetPreviewProps {
  file: UploadedFile;
  kind: HerdSpreadsheetKind;
  created: HerdUploadCreated;
  /** «Проверить снова» or «Записать в базу» is on its way. */
  busy: boolean;
  onRemap: (mapping: HerdColumnMapping) => void;
  onCommit: () => void;
  onAnother: () => void;
}

/** The mapping the server read the file with. */
function checkedMapping(created: HerdUploadCreated): HerdColumnMapping {
  return Object.fromEntries((created.spreadsheet?.columns ?? []).map((c) => [c.column, c.field]));
}

/**
 * A checked spreadsheet: what it would write, and its columns' mapping to change. A changed
 * mapping is checked again before it can be written; so are required fields no column maps to.
 */
export function SpreadsheetPreview({
  file,
  kind,
  created,
  busy,
  onRemap,
  onCommit,
  onAnother,
}: SpreadsheetPreviewProps) {
  // The user's changes belong to the preview they were made on: a new preview starts from its own.
  const [edit, setEdit] = useState<{ of: HerdUploadCreated; mapping: HerdColumnMapping } | null>(null);
  const checked = checkedMapping(created);
  const mapping = edit?.of === created ? edit.mapping : checked;
  const changed = Object.keys(checked).some((column) => checked[column] !== mapping[column]);
  const sheet = created.spreadsheet;
  const missing = changed ? missingRequiredFields(kind, mapping).map((f) => f.label) : (sheet?.missing ?? []);
  const { preview } = created;
  const nothingToWrite = preview.rows - preview.rows_refused <= 0;

  return (
    <UploadPreview
      file={file}
      uploadUuid={created.upload_uuid}
      kind={`${HERD_SPREADSHEET_KIND_LABELS[kind]}${sheet ? ` (${sheet.file_type.toUpperCase()})` : ""}`}
      preview={preview}
      busy={busy}
      commitDisabled={changed || missing.length > 0 || nothingToWrite}
      onCommit={onCommit}
      onAnother={onAnother}
      actions={
        <Button disabled={!changed} loading={busy && changed} onClick={() => onRemap(mapping)}>
          Проверить снова
        </Button>
      }
    >
      {sheet ? (
        <Flex vertical gap="small">
          <ColumnMappingTable
            kind={kind}
            columns={sheet.columns}
            mapping={mapping}
            disabled={busy}
            onChange={(next) => setEdit({ of: created, mapping: next })}
          >
            <Typography.Text type="secondary">{HERD_MAPPING_SOURCE_LABELS[sheet.mapping_source]}</Typography.Text>
            {missing.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                title={`Не выбраны столбцы для обязательных полей: ${missing.join(", ")}`}
                description="Укажите, в каком столбце файла они записаны: без них данные не записать."
              />
            ) : null}
          </ColumnMappingTable>
          {missing.length > 0 ? null : changed ? (
            <Alert
              type="info"
              showIcon
              title="Сопоставление изменено"
              description="Нажмите «Проверить снова», чтобы увидеть, что будет записано с новым сопоставлением."
            />
          ) : nothingToWrite ? (
            <Alert type="warning" showIcon title="В файле нет строк, которые можно записать" />
          ) : null}
        </Flex>
      ) : null}
    </UploadPreview>
  );
}
