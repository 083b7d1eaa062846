import { tokenSchema } from "@nadoy/contract/users";
import { Button, Flex, Form, Input, Result, Typography } from "antd";
import { useNavigate } from "react-router";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { zodRule } from "../../../shared/lib/zod-rule.ts";
import { href } from "../../../shared/routes/href.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useTokenConfirm } from "../api.ts";

const FIELDS = ["token"];

export function TokenConfirmPage() {
  const [form] = Form.useForm<{ token: string }>();
  const navigate = useNavigate();
  const confirm = useTokenConfirm();
  const { formError, showError, clearError } = useFormServerError(form, FIELDS);

  if (confirm.isSuccess && confirm.data.kind === "registration_confirm") {
    return (
      <Result
        status="success"
        title="Регистрация подтверждена"
        subTitle={confirm.data.detail}
        extra={
          <Button type="primary" onClick={() => navigate(href.login())}>
            Войти
          </Button>
        }
      />
    );
  }

  const onFinish = ({ token }: { token: string }) => {
    clearError();
    const code = token.trim();
    confirm.mutate(code, {
      onSuccess: ({ kind }) => {
        if (kind === "password_reset") navigate(href.resetPassword({ token: code }));
      },
      onError: showError,
    });
  };

  return (
    <>
      <Typography.Title level={4}>Введите код из письма</Typography.Title>
      <Form form={form} name="token_confirm" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item label="Код" name="token" normalize={(value: string) => value.trim()} rules={[zodRule(tokenSchema)]}>
          <Input autoComplete="one-time-code" autoFocus />
        </Form.Item>
        <FormErrorAlert message={formError} />
        <BusyButton type="primary" htmlType="submit" block busy={confirm.isPending}>
          Подтвердить
        </BusyButton>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <RouterLink to={href.login()}>Вернуться ко входу</RouterLink>
      </Flex>
    </>
  );
}
