import { CloseOutlined, SendOutlined } from "@ant-design/icons";
import { CHAT_MESSAGE_MAX, type ChatMessage } from "@nadoy/contract/chat";
import { Button, Flex, Input, Typography, theme } from "antd";
import { type KeyboardEvent, useState } from "react";

interface ComposerProps {
  /** A message being answered: its quote shows above the input. */
  replyTo: ChatMessage | null;
  /** One's own message being edited: the input starts with its text. */
  editing: ChatMessage | null;
  onSend: (text: string) => void;
  onSaveEdit: (message: ChatMessage, text: string) => void;
  onCancel: () => void;
  onTyping: () => void;
}

/** The input under the history: Enter sends, Shift+Enter starts a new line, Escape cancels a reply or an edit. */
export function Composer({ replyTo, editing, onSend, onSaveEdit, onCancel, onTyping }: ComposerProps) {
  const { token } = theme.useToken();
  const [text, setText] = useState("");
  // Starting an edit puts the message's text in the input (state adjusted while rendering).
  const [editingId, setEditingId] = useState<number | null>(null);
  if ((editing?.id ?? null) !== editingId) {
    setEditingId(editing?.id ?? null);
    setText(editing ? editing.content : "");
  }

  const submit = () => {
    const content = text.trim();
    if (!content) return;
    if (editing) onSaveEdit(editing, content);
    else onSend(content);
    setText("");
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
              {context.deleted ? "Сообщение удалено" : context.content}
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
      <Flex gap={8} align="flex-end">
        <Input.TextArea
          aria-label="Сообщение"
          placeholder="Сообщение… (Enter — отправить, Shift+Enter — новая строка)"
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={CHAT_MESSAGE_MAX}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          aria-label={editing ? "Сохранить" : "Отправить"}
          disabled={!text.trim()}
          onClick={submit}
        />
      </Flex>
    </div>
  );
}
