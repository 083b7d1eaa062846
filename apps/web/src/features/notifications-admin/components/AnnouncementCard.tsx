import { ANNOUNCEMENT_MAX } from "@nadoy/contract/constants";
import { Alert, App, Button, Card, Flex, Form, Input, Typography } from "antd";
import { z } from "zod";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { zodRule } from "../../../shared/lib/zod-rule.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useAnnouncement, useSetAnnouncement } from "../api.ts";

/** The text of PUT manage/announcement/ (the contract's limit); emptiness has its own message above. */
const textSchema = z.string().trim().max(ANNOUNCEMENT_MAX);
const FIELDS = ["text"] as const;

/** Spec §4: the site-wide announcement above the navbar — shown, set or taken down here. */
export function AnnouncementCard() {
  const announcement = useAnnouncement();
  return (
    <Card title="Объявление" size="small">
      {announcement.isPending ? (
        <PageSpinner text="Загрузка…" />
      ) : announcement.isError ? (
        <Alert type="error" showIcon title="Не удалось загрузить объявление" />
      ) : (
        <AnnouncementForm current={announcement.data.text} />
      )}
    </Card>
  );
}

function AnnouncementForm({ current }: { current: string | null }) {
  const [form] = Form.useForm<{ text: string }>();
  const save = useSetAnnouncement();
  const { modal } = App.useApp();
  const showSuccess = useSuccessToast();
  const showFailure = useFailureToast();
  const { formError, showError, clearError } = useFormServerError(form, FIELDS);

  const onFinish = ({ text }: { text: string }) => {
    clearError();
    save.mutate(text.trim(), { onSuccess: () => showSuccess("Объявление сохранено"), onError: showError });
  };

  const confirmClear = () =>
    modal.confirm({
      title: "Снять объявление?",
      content: "Пользователи перестанут его видеть.",
      okText: "Снять",
      okButtonProps: { danger: true },
      cancelText: "Отмена",
      onOk: () =>
        save.mutateAsync(null).then(() => {
          form.setFieldsValue({ text: "" });
          showSuccess("Объявление снято");
        }, showFailure),
    });

  return (
    <Flex vertical gap="middle">
      {current ? (
        <div>
          <Typography.Text type="secondary">Сейчас пользователи видят:</Typography.Text>
          <Alert type="info" title={current} aria-label="Текущее объявление" style={{ whiteSpace: "pre-wrap" }} />
        </div>
      ) : (
        <Typography.Text type="secondary">Объявления сейчас нет.</Typography.Text>
      )}
      <Form
        form={form}
        name="announcement"
        layout="vertical"
        initialValues={{ text: current ?? "" }}
        onFinish={onFinish}
      >
        <Form.Item
          label="Текст объявления"
          name="text"
          validateFirst
          rules={[{ required: true, whitespace: true, message: "Введите текст объявления" }, zodRule(textSchema)]}
        >
          <Input.TextArea rows={3} showCount maxLength={ANNOUNCEMENT_MAX} />
        </Form.Item>
        <FormErrorAlert message={formError} />
        <Flex gap="small" wrap>
          <BusyButton type="primary" htmlType="submit" busy={save.isPending && save.variables !== null}>
            Сохранить объявление
          </BusyButton>
          <Button danger disabled={!current} onClick={confirmClear}>
            Снять объявление
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}
