import { ATTACHMENTS_PER_ITEM_MAX } from "@nadoy/contract/attachments";
import type { TaskDetail } from "@nadoy/contract/boards";
import { App, Flex, Typography } from "antd";
import { AttachButton } from "../../../shared/attachments/AttachButton.tsx";
import { AttachmentList } from "../../../shared/attachments/AttachmentList.tsx";
import { UploadList } from "../../../shared/attachments/UploadList.tsx";
import { useAttachmentUploads } from "../../../shared/attachments/use-attachment-uploads.ts";
import { useErrorToast } from "../../../shared/hooks/use-error-toast.ts";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { useAddTaskAttachments, useDeleteTaskAttachment } from "../api.ts";

/**
 * The task's files: download for everyone who sees the task; those who may edit it attach more
 * (each file is uploaded, then all of them are attached in one call) and remove one after a
 * confirmation.
 */
export function TaskAttachments({ detail }: { detail: TaskDetail }) {
  const uuid = detail.task.uuid;
  const { modal } = App.useApp();
  const showError = useErrorToast();
  const uploads = useAttachmentUploads();
  const attach = useAddTaskAttachments(uuid);
  const remove = useDeleteTaskAttachment(uuid);
  const failed = (error: unknown) => {
    if (!isUnauthorized(error)) showError(errorMessage(error));
  };
  const count = detail.attachments.length;
  const busy = uploads.uploading || attach.isPending;

  const attachFiles = async (files: File[]) => {
    const uploaded = await uploads.add(files, ATTACHMENTS_PER_ITEM_MAX - count);
    if (uploaded.length === 0) {
      // What was refused has said why in the toast; the list need not keep it.
      uploads.reset();
      return;
    }
    attach.mutate(
      uploaded.map((a) => a.uuid),
      { onError: failed, onSettled: () => uploads.reset() },
    );
  };

  return (
    <section aria-label="Вложения">
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Вложения {count > 0 ? count : ""}
        </Typography.Title>
        {detail.can_edit ? (
          <AttachButton
            type="default"
            disabled={busy || count >= ATTACHMENTS_PER_ITEM_MAX}
            onFiles={(files) => void attachFiles(files)}
          >
            Прикрепить файл
          </AttachButton>
        ) : null}
      </Flex>
      <UploadList uploads={uploads.uploads} />
      {count === 0 && uploads.uploads.length === 0 ? (
        <Typography.Text type="secondary">Файлов пока нет</Typography.Text>
      ) : (
        <AttachmentList
          attachments={detail.attachments}
          label="Файлы задачи"
          onRemove={
            detail.can_edit
              ? (attachment) =>
                  modal.confirm({
                    title: `Удалить файл «${attachment.name}»?`,
                    content: "Файл будет удалён из задачи.",
                    okText: "Удалить",
                    okButtonProps: { danger: true },
                    cancelText: "Отмена",
                    onOk: () => remove.mutateAsync(attachment.uuid).catch(failed),
                  })
              : undefined
          }
        />
      )}
    </section>
  );
}
