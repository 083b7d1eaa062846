import { CloseOutlined, SendOutlined } from "@ant-design/icons";
import type { Attachment } from "@nadoy/contract/attachments";
import { CHAT_MESSAGE_MAX, type ChatMessage } from "@nadoy/contract/chat";
import { Button, Flex, Input, Typography, theme } from "antd";
import { type KeyboardEvent, useState } from "react";
import { AttachButton } from "../../../shared/attachments/AttachButton.tsx";
import { UploadList } from "../../../shared/attachments/UploadList.tsx";
import { useAttachmentUploads } from "../../../shared/attachments/use-attachment-uploads.ts";
import { readChatDraft, saveChatDraft } from "../chat-drafts.ts";
import { FILES_ONLY_TEXT } from "../chat-format.ts";

interface ComposerProps {
  /** Whose draft in which chat the input keeps (chat-drafts.ts). */
  userId: number;
  chatUuid: string;
  /** A message being answered: its quote shows above the input. */
  replyTo: ChatMessage | null;
  /** One's own message being edited: the input starts with its text. */
  editing: ChatMessage | null;
  /** Text, uploaded files, or both. */
  onSend: (text: string, attachments: Attachment[]) => void;
  onSaveEdit: (message: ChatMessage, text: string) => void;
  onCancel: () => void;
  onTyping: () => void;
}

/**
 * The input under the history: Enter sends, Shift+Enter starts a new line, Escape cancels a reply
 * or an edit. The paperclip uploads files at once; the message goes when they are all uploaded.
 */
export function Composer({
  userId,
  chatUuid,
  replyTo,
  editing,
  onSend,
  onSaveEdit,
  onCancel,
  onTyping,
}: ComposerProps) {
  const { token } = theme.useToken();
  const [text, setTextState] = useState(() => readChatDraft(userId, chatUuid));
  // A new message's text is the chat's draft; an edit's text is not (it goes back on cancel).
  const setText = (next: string, isDraft: boolean) => {
    setTextState(next);
    if (isDraft) saveChatDraft(userId, chatUuid, next);
  };
  const uploads = useAttachmentUploads();
  // Starting an edit puts the message's text in the input (state adjusted while rendering).
  const [editingId, setEditingId] = useState<number | null>(null);
  if ((editing?.id ?? null) !== editingId) {
    setEditingId(editing?.id ?? null);
    setTextState(editing ? editing.content : readChatDraft(userId, chatUuid));
  }

  const filesWait = uploads.uploading
    ? "Дождитесь загрузки файлов"
    : uploads.failed
      ? "Уберите файлы, которые не загрузились"
      : null;
  const canSend = editing
    ? text.trim() !== ""
    : filesWait === null && (text.trim() !== "" || uploads.attachments.length > 0);

  const submit = () => {
    if (!canSend) return;
    const content = text.trim();
    if (editing) onSaveEdit(editing, content);
    else {
      onSend(content, uploads.attachments);
      uploads.reset();
    }
    setText("", !editing);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === "Escape" && (replyTo || editing)) {
      onCancel();
    }
  };

  const context = editing ?? replyTo;
  return (
    <div style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: 8 }}>
      {context ? (
        <Flex align="center" gap={8} style={{ marginBottom: 6 }} data-composer-context>
          <div
            style={{
              borderInlineStart: `3px solid ${token.colorPrimary}`,
              paddingInlineStart: 8,
              flex: 1,
              minWidth: 0,
            }}
          >
            <Typography.Text strong style={{ fontSize: 12 }}>
              {editing ? "Редактирование" : `Ответ: ${context.sender_name}`}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ display: "block", fontSize: 12 }}>
              {context.deleted ? "Сообщение удалено" : context.content || FILES_ONLY_TEXT}
            </Typography.Text>
          </div>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={editing ? "Отменить редактирование" : "Отменить ответ"}
            onClick={onCancel}
          />
        </Flex>
      ) : null}
      {editing ? null : <UploadList uploads={uploads.uploads} onRemove={uploads.remove} />}
      <Flex gap={8} align="flex-end">
        <AttachButton disabled={editing !== null} onFiles={(files) => void uploads.add(files)} />
        <Input.TextArea
          aria-label="Сообщение"
          placeholder="Сообщение… (Enter — отправить, Shift+Enter — новая строка)"
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={CHAT_MESSAGE_MAX}
          value={text}
          onChange={(event) => {
            setText(event.target.value, !editing);
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          aria-label={editing ? "Сохранить" : "Отправить"}
          disabled={!canSend}
          title={editing ? undefined : (filesWait ?? undefined)}
          onClick={submit}
        />
      </Flex>
    </div>
  );
}
