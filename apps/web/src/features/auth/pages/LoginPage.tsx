import { type LoginBody, loginBodySchema } from "@nadoy/contract/users";
import { Alert, Divider, Flex, Form, Input, Typography } from "antd";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { useAccessToken } from "../../../shared/hooks/use-access-token.ts";
import { useAppConfig } from "../../../shared/hooks/use-app-config.ts";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { safeReturnPath } from "../../../shared/lib/safe-return-path.ts";
import { EXPIRED_PARAM, NEXT_PARAM } from "../../../shared/lib/sign-in-return.ts";
import { zodRule } from "../../../shared/lib/zod-rule.ts";
import { href } from "../../../shared/routes/href.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useLogin } from "../api.ts";
import { YandexSignInButton } from "../components/YandexSignInButton.tsx";

const FIELDS = ["username", "password"];

export const SESSION_EXPIRED_TEXT = "Сеанс истёк — войдите снова";

export function LoginPage() {
  const [form] = Form.useForm<LoginBody>();
  const navigate = useNavigate();
  const login = useLogin();
  const config = useAppConfig();
  const { formError, showError, clearError } = useFormServerError(form, FIELDS);
  const [params] = useSearchParams();
  // The page the user was sent here from (a deep link, an expired session), when it is ours.
  const next = safeReturnPath(params.get(NEXT_PARAM));
  const expired = params.has(EXPIRED_PARAM);
  const signedIn = useAccessToken() !== null;

  // Already signed in (a bookmark, the back button): straight on, as after signing in. A session
  // that has in fact ended is found out there and comes back here with its keys cleared.
  if (signedIn) return <Navigate to={next ?? href.home()} replace />;

  const onFinish = (values: LoginBody) => {
    clearError();
    login.mutate(values, { onSuccess: () => navigate(next ?? href.home(), { replace: true }), onError: showError });
  };

  return (
    <>
      <Typography.Title level={4}>Вход</Typography.Title>
      {expired ? <Alert type="warning" showIcon title={SESSION_EXPIRED_TEXT} style={{ marginBottom: 16 }} /> : null}
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
          <YandexSignInButton next={next} />
        </>
      ) : null}
    </>
  );
}
