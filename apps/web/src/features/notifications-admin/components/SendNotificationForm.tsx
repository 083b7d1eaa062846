import { NOTIFICATION_LINK_MAX, NOTIFICATION_TITLE_MAX } from "@nadoy/contract/constants";
import { NOTIFICATION_MSG_MAX, sendNotificationBodySchema } from "@nadoy/contract/content";
import { Card, Form, Input } from "antd";
import { useNavigate } from "react-router";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { zodRule } from "../../../shared/lib/zod-rule.ts";
import { href } from "../../../shared/routes/href.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { useSendNotification } from "../api.ts";
import {
  optionalLinkSchema,
  SEND_FORM_FIELDS,
  type SendFormValues,
  sendBody,
  sentText,
  withFormFieldNames,
} from "../send-form.ts";
import { AudienceFields } from "./AudienceFields.tsx";

const INITIAL: Partial<SendFormValues> = { title: "", msg: "", link: "", kind: "all" };

/** Title, message, optional link and audience; sent → «Отправлено: N получателям» and the sent list. */
export function SendNotificationForm() {
  const [form] = Form.useForm<SendFormValues>();
  const send = useSendNotification();
  const navigate = useNavigate();
  const showSuccess = useSuccessToast();
  const { formError, showError, clearError } = useFormServerError(form, SEND_FORM_FIELDS);

  const onFinish = (values: SendFormValues) => {
    clearError();
    send.mutate(sendBody(values), {
      onSuccess: ({ recipients }) => {
        showSuccess(sentText(recipients));
        void navigate(href.manageNotifications());
      },
      onError: (error) => showError(withFormFieldNames(error)),
    });
  };

  return (
    <Card size="small">
      <Form form={form} name="send-notification" layout="vertical" initialValues={INITIAL} onFinish={onFinish}>
        <Form.Item label="Заголовок" name="title" required rules={[zodRule(sendNotificationBodySchema.shape.title)]}>
          <Input maxLength={NOTIFICATION_TITLE_MAX} />
        </Form.Item>
        <Form.Item label="Сообщение" name="msg" required rules={[zodRule(sendNotificationBodySchema.shape.msg)]}>
          <Input.TextArea rows={5} showCount maxLength={NOTIFICATION_MSG_MAX} />
        </Form.Item>
        <Form.Item
          label="Ссылка"
          name="link"
          extra="Необязательно: путь портала (/reports) или адрес http(s)://"
          rules={[zodRule(optionalLinkSchema)]}
        >
          <Input maxLength={NOTIFICATION_LINK_MAX} placeholder="/reports" />
        </Form.Item>
        <AudienceFields />
        <FormErrorAlert message={formError} />
        <BusyButton type="primary" htmlType="submit" busy={send.isPending}>
          Отправить
        </BusyButton>
      </Form>
    </Card>
  );
}
