import { CloseOutlined, ExclamationCircleOutlined, LoadingOutlined } from "@ant-design/icons";
import { Button, Flex } from "antd";
import { AttachmentIcon } from "./AttachmentIcon.tsx";
import { AttachmentQuotaLine } from "./AttachmentQuota.tsx";
import { AttachmentRow } from "./AttachmentRow.tsx";
import { useAttachmentQuota } from "./use-attachment-quota.ts";
import type { AttachmentUpload } from "./use-attachment-uploads.ts";

/** A file on its way: the spinner and how much has gone («42 %»). */
function UploadProgress({ share }: { share: number }) {
  const percent = Math.round(share * 100);
  return (
    <Flex
      gap={4}
      align="center"
      role="progressbar"
      aria-label="Загружается"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <LoadingOutlined />
      <span style={{ fontSize: 12, fontVariantNumeric: "tabular-nums" }}>{`${percent}\u00a0%`}</span>
    </Flex>
  );
}

interface UploadListProps {
  uploads: readonly AttachmentUpload[];
  /** «Убрать «name»» on each file when given. */
  onRemove?: (key: string) => void;
}

/**
 * Files being attached: a spinner and the share sent while on the way, the reason when refused, «Убрать» before
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
                  <UploadProgress share={upload.progress} />
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
