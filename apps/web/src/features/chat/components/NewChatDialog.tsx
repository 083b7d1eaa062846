import { CHAT_GROUP_MEMBERS_MAX, CHAT_TITLE_MAX, type ChatSummary } from "@nadoy/contract/chat";
import { Form, Input, Modal, Segmented, Select } from "antd";
import { useState } from "react";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { useChatContacts } from "../api.ts";
import type { CreateChatBody } from "../chat-store.ts";

interface NewChatDialogProps {
  open: boolean;
  onClose: () => void;
  onCreate: (body: CreateChatBody) => Promise<ChatSummary>;
  onCreated: (chat: ChatSummary) => void;
}

interface Values {
  user_id?: number;
  title?: string;
  member_ids?: number[];
}

/** «Новый чат»: a direct chat with a contact (the existing one when there is one) or a group. */
export function NewChatDialog({ open, onClose, onCreate, onCreated }: NewChatDialogProps) {
  const [kind, setKind] = useState<"direct" | "group">("direct");
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const { formError, clearError, showError } = useFormServerError(form, ["user_id", "title", "member_ids"]);
  const contacts = useChatContacts(open);
  const options = (contacts.data ?? []).map((c) => ({ value: c.id, label: c.name }));

  const submit = async (values: Values) => {
    clearError();
    const body: CreateChatBody =
      kind === "direct"
        ? { kind, user_id: values.user_id ?? 0 }
        : { kind, title: values.title ?? "", member_ids: values.member_ids ?? [] };
    setBusy(true);
    try {
      const chat = await onCreate(body);
      form.resetFields();
      onCreated(chat);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Новый чат"
      okText="Создать"
      cancelText="Отмена"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Segmented<"direct" | "group">
        block
        value={kind}
        onChange={(value) => setKind(value)}
        options={[
          { value: "direct", label: "Личный" },
          { value: "group", label: "Группа" },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        {kind === "direct" ? (
          <Form.Item name="user_id" label="Собеседник" rules={[{ required: true, message: "Выберите собеседника" }]}>
            <Select
              showSearch={{ optionFilterProp: "label" }}
              options={options}
              loading={contacts.isLoading}
              placeholder="Имя"
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="title"
              label="Название"
              rules={[{ required: true, whitespace: true, message: "Введите название" }]}
            >
              <Input maxLength={CHAT_TITLE_MAX} />
            </Form.Item>
            <Form.Item
              name="member_ids"
              label="Участники"
              rules={[{ required: true, type: "array", min: 1, message: "Выберите участников" }]}
            >
              <Select
                mode="multiple"
                showSearch={{ optionFilterProp: "label" }}
                options={options}
                loading={contacts.isLoading}
                maxCount={CHAT_GROUP_MEMBERS_MAX}
                placeholder="Имена"
              />
            </Form.Item>
          </>
        )}
        <FormErrorAlert message={formError} />
      </Form>
    </Modal>
  );
}
