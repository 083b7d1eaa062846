import { emailSchema } from "@nadoy/contract/users";
import { Flex, Form, Input, Typography } from "antd";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { zodRule } from "../../../shared/lib/zod-rule.ts";
import { href } from "../../../shared/routes/href.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { usePasswordResetRequest } from "../api.ts";
import { CheckMailResult } from "../components/CheckMailResult.tsx";

const FIELDS = ["email"];

export function SubmitEmailPage() {
  const [form] = Form.useForm<{ email: string }>();
  const request = usePasswordResetRequest();
  const { formError, showError, clearError } = useFormServerError(form, FIELDS);

  if (request.isSuccess) {
    return <CheckMailResult status="info" detail={request.data.detail} />;
  }

  const onFinish = ({ email }: { email: string }) => {
    clearError();
    request.mutate(email.trim(), { onError: showError });
  };

  return (
    <>
      <Typography.Title level={4}>Восстановление пароля</Typography.Title>
      <Typography.Paragraph type="secondary">
        Укажите адрес, с которым вы регистрировались: мы пришлём ссылку для смены пароля.
      </Typography.Paragraph>
      <Form form={form} name="submit_email" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item label="Электронная почта" name="email" rules={[zodRule(emailSchema)]}>
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <FormErrorAlert message={formError} />
        <BusyButton type="primary" htmlType="submit" block busy={request.isPending}>
          Отправить ссылку
        </BusyButton>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <RouterLink to={href.login()}>Вернуться ко входу</RouterLink>
      </Flex>
    </>
  );
}
