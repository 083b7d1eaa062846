import { DeleteOutlined, DownloadOutlined } from "@ant-design/icons";
import type { Attachment } from "@nadoy/contract/attachments";
import { Button, Flex } from "antd";
import { useState } from "react";
import { useErrorToast } from "../hooks/use-error-toast.ts";
import { errorMessage, isUnauthorized } from "../lib/api-error.ts";
import { AttachmentIcon } from "./AttachmentIcon.tsx";
import { AttachmentRow } from "./AttachmentRow.tsx";
import { saveAttachment } from "./attachment-files.ts";

interface AttachmentListProps {
  attachments: readonly Attachment[];
  /** The list's accessible name. */
  label?: string;
  /** Shown as «Удалить «name»» on each file when given (the caller confirms). */
  onRemove?: (attachment: Attachment) => void;
}

/** Files of a message or a task: icon, name, size, a download button (the file keeps its name). */
export function AttachmentList({ attachments, label = "Вложения", onRemove }: AttachmentListProps) {
  if (attachments.length === 0) return null;
  return (
    <Flex role="list" aria-label={label} vertical gap={4} style={{ margin: "4px 0" }}>
      {attachments.map((attachment) => (
        <AttachmentRow
          key={attachment.uuid}
          icon={<AttachmentIcon name={attachment.name} />}
          name={attachment.name}
          size={attachment.size}
          actions={
            <>
              <DownloadButton attachment={attachment} />
              {onRemove ? (
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Удалить «${attachment.name}»`}
                  onClick={() => onRemove(attachment)}
                />
              ) : null}
            </>
          }
        />
      ))}
    </Flex>
  );
}

function DownloadButton({ attachment }: { attachment: Attachment }) {
  const [busy, setBusy] = useState(false);
  const showError = useErrorToast();
  const download = () => {
    setBusy(true);
    saveAttachment(attachment)
      .catch((error: unknown) => {
        if (!isUnauthorized(error)) showError(errorMessage(error));
      })
      .finally(() => setBusy(false));
  };
  return (
    <Button
      type="text"
      size="small"
      icon={<DownloadOutlined />}
      loading={busy}
      aria-label={`Скачать «${attachment.name}»`}
      onClick={download}
    />
  );
}
