import { CopyOutlined } from "@ant-design/icons";
import type { CreatedKey } from "@nadoy/contract/keys";
import { Alert, App, Button, Flex, Modal, Typography } from "antd";

/**
 * The new key's secret, shown this once: a copy button and the warning that it will not be shown
 * again; closed only by saying it is saved.
 */
export function SecretModal({ created, onClose }: { created: CreatedKey | null; onClose: () => void }) {
  const { message } = App.useApp();
  const copy = () => {
    if (!created) return;
    navigator.clipboard?.writeText(created.secret).then(
      () => message.success("Ключ скопирован"),
      () => message.error("Не удалось скопировать: выделите ключ и скопируйте его вручную"),
    );
  };
  return (
    <Modal
      open={created !== null}
      title={created ? `Ключ «${created.key.name}» создан` : ""}
      // The secret is gone for good once the dialog closes: only «Я сохранил ключ» closes it, not
      // Escape, ×, or a click beside it.
      keyboard={false}
      closable={false}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          Я сохранил ключ
        </Button>
      }
    >
      {created ? (
        <Flex vertical gap="middle">
          <Alert
            type="warning"
            showIcon
            title="Скопируйте ключ сейчас: больше он показан не будет"
            description="На сервере хранится только его отпечаток. Если ключ потеряется, отзовите его и создайте новый."
          />
          <Typography.Paragraph
            code
            copyable={false}
            style={{ wordBreak: "break-all", marginBottom: 0 }}
            data-testid="key-secret"
          >
            {created.secret}
          </Typography.Paragraph>
          <Button icon={<CopyOutlined />} onClick={copy}>
            Копировать ключ
          </Button>
          <Typography.Text type="secondary">
            Передавайте его в заголовке <Typography.Text code>Authorization: Key {created.key.hint}…</Typography.Text>
          </Typography.Text>
        </Flex>
      ) : null}
    </Modal>
  );
}
