import { type LoginBody, loginBodySchema } from "@nadoy/contract/users";
import { Divider, Flex, Form, Input, Typography } from "antd";
import { useNavigate } from "react-router";
import { useAppConfig } from "../../../shared/hooks/use-app-config.ts";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { zodRule } from "../../../shared/lib/zod-rule.ts";
import { href } from "../../../shared/routes/href.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useLogin } from "../api.ts";
import { YandexSignInButton } from "../components/YandexSignInButton.tsx";

const FIELDS = ["username", "password"];

export function LoginPage() {
  const [form] = Form.useForm<LoginBody>();
  const navigate = useNavigate();
  const login = useLogin();
  const config = useAppConfig();
  const { formError, showError, clearError } = useFormServerError(form, FIELDS);

  const onFinish = (values: LoginBody) => {
    clearError();
    login.mutate(values, { onSuccess: () => navigate(href.home(), { replace: true }), onError: showError });
  };

  return (
    <>
      <Typography.Title level={4}>Вход</Typography.Title>
      <Form form={form} name="login" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item label="Имя пользователя" name="username" rules={[zodRule(loginBodySchema.shape.username)]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Пароль" name="password" rules={[zodRule(loginBodySchema.shape.password)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <FormErrorAlert message={formError} />
        <BusyButton type="primary" htmlType="submit" block busy={login.isPending}>
          Войти
        </BusyButton>
      </Form>
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <RouterLink to={href.register()}>Регистрация</RouterLink>
        <RouterLink to={href.submitEmail()}>Забыли пароль?</RouterLink>
      </Flex>
      {/* Offered only when the server has Yandex ID credentials (GET /api/config/). */}
      {config.data?.yandex_login ? (
        <>
          <Divider plain>или</Divider>
          <YandexSignInButton />
        </>
      ) : null}
    </>
  );
}
