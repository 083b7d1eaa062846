import { CloseOutlined, ExclamationCircleOutlined, LoadingOutlined } from "@ant-design/icons";
import { Button, Flex } from "antd";
import { AttachmentIcon } from "./AttachmentIcon.tsx";
import { AttachmentQuotaLine } from "./AttachmentQuota.tsx";
import { AttachmentRow } from "./AttachmentRow.tsx";
import { useAttachmentQuota } from "./use-attachment-quota.ts";
import type { AttachmentUpload } from "./use-attachment-uploads.ts";

interface UploadListProps {
  uploads: readonly AttachmentUpload[];
  /** «Убрать «name»» on each file when given. */
  onRemove?: (key: string) => void;
}

/**
 * Files being attached: a spinner while on the way, the reason when refused, «Убрать» before
 * sending; under them how much of the caller's storage is taken («Занято 35 МБ из 100 МБ»).
 */
export function UploadList({ uploads, onRemove }: UploadListProps) {
  const quota = useAttachmentQuota(uploads.length > 0);
  if (uploads.length === 0) return null;
  return (
    <div style={{ marginBottom: 6 }}>
      <Flex role="list" aria-label="Прикрепляемые файлы" wrap gap={4}>
        {uploads.map((upload) => (
          <div key={upload.key} data-upload-status={upload.status} style={{ maxWidth: 280, minWidth: 0 }}>
            <AttachmentRow
              icon={
                upload.status === "uploading" ? (
                  <LoadingOutlined aria-label="Загружается" />
                ) : upload.status === "failed" ? (
                  <ExclamationCircleOutlined aria-label="Не загружен" />
                ) : (
                  <AttachmentIcon name={upload.name} />
                )
              }
              name={upload.name}
              size={upload.size}
              error={upload.error}
              actions={
                onRemove ? (
                  <Button
                    type="text"
                    size="small"
                    icon={<CloseOutlined />}
                    aria-label={`Убрать «${upload.name}»`}
                    onClick={() => onRemove(upload.key)}
                  />
                ) : null
              }
            />
          </div>
        ))}
      </Flex>
      {quota.data ? <AttachmentQuotaLine quota={quota.data} /> : null}
    </div>
  );
}
