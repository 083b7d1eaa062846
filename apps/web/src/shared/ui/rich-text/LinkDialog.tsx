import { Button, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { linkAddress } from "./link-address.ts";

/**
 * Asks the address of a link: a site (https:// is added when it is left out) or an e-mail.
 * «Убрать ссылку» is offered when the cursor is on a link.
 */
export function LinkDialog({
  initial,
  onInsert,
  onRemove,
  onClose,
}: {
  /** The address of the link under the cursor, or "" for a new one. */
  initial: string;
  onInsert: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const href = linkAddress(typed);
    if (!href) {
      setError("Введите адрес сайта (http:// или https://) или электронной почты");
      return;
    }
    onInsert(href);
  };
  return (
    <Modal
      open
      title={initial ? "Изменить ссылку" : "Вставить ссылку"}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        initial ? (
          <Button key="remove" danger onClick={onRemove}>
            Убрать ссылку
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose}>
          Отмена
        </Button>,
        <Button key="ok" type="primary" onClick={submit}>
          {initial ? "Сохранить" : "Вставить"}
        </Button>,
      ]}
    >
      <Input
        autoFocus
        aria-label="Адрес ссылки"
        placeholder="https://example.ru или name@example.ru"
        value={typed}
        status={error ? "error" : undefined}
        onChange={(event) => {
          setTyped(event.target.value);
          setError(null);
        }}
        onPressEnter={submit}
      />
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
