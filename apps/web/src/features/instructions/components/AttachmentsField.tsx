import { ATTACHMENTS_PER_ITEM_MAX, type Attachment } from "@nadoy/contract/attachments";
import { Flex, Typography } from "antd";
import { useRef } from "react";
import { AttachButton } from "../../../shared/attachments/AttachButton.tsx";
import { AttachmentList } from "../../../shared/attachments/AttachmentList.tsx";
import { UploadList } from "../../../shared/attachments/UploadList.tsx";
import type { AttachmentUploads } from "../../../shared/attachments/use-attachment-uploads.ts";

interface AttachmentsFieldProps {
  /** Given by Form.Item: the article's files after saving. */
  value?: Attachment[];
  onChange?: (value: Attachment[]) => void;
  /** The form's uploads, so that saving waits for files on their way. */
  uploads: AttachmentUploads;
}

/**
 * The article's files: picked files are checked (contract attachmentProblem) and uploaded at once,
 * then listed with the kept ones; a file taken off the list is deleted when the article is saved.
 */
export function AttachmentsField({ value = [], onChange, uploads }: AttachmentsFieldProps) {
  // The list as of the last render: an upload answers after the editor may have removed a file.
  const current = useRef(value);
  current.current = value;

  const attach = async (files: File[]) => {
    const uploaded = await uploads.add(files, ATTACHMENTS_PER_ITEM_MAX - current.current.length);
    // A refused file has said why in the toast; the list need not keep it.
    uploads.reset();
    if (uploaded.length > 0) onChange?.([...current.current, ...uploaded]);
  };

  return (
    <Flex vertical gap={4} align="start">
      <AttachButton
        type="default"
        disabled={uploads.uploading || value.length >= ATTACHMENTS_PER_ITEM_MAX}
        onFiles={(files) => void attach(files)}
      >
        Прикрепить файл
      </AttachButton>
      <UploadList uploads={uploads.uploads} />
      {value.length === 0 && uploads.uploads.length === 0 ? (
        <Typography.Text type="secondary">Файлов нет</Typography.Text>
      ) : (
        <div style={{ width: "100%" }}>
          <AttachmentList
            attachments={value}
            label="Файлы инструкции"
            onRemove={(attachment) => onChange?.(value.filter((item) => item.uuid !== attachment.uuid))}
          />
        </div>
      )}
    </Flex>
  );
}
