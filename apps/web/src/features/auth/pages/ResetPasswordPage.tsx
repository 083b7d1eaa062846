import { ErrorCode } from "@nadoy/contract/errors";
import { Button, Flex, Form, Result, Typography } from "antd";
import { useNavigate, useParams } from "react-router";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { isApiRequestError } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { NewPasswordFields } from "../../../shared/ui/NewPasswordFields.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { usePasswordResetConfirm } from "../api.ts";

interface ResetValues {
  password: string;
  password_repeat: string;
}

const FIELDS = ["password"];

export function ResetPasswordPage() {
  const { token = "" } = useParams();
  const [form] = Form.useForm<ResetValues>();
  const navigate = useNavigate();
  const reset = usePasswordResetConfirm();
  const { formError, showError, clearError } = useFormServerError(form, FIELDS);

  if (reset.isSuccess) {
    return (
      <Result
        status="success"
        title="Пароль изменён"
        subTitle={reset.data.detail}
        extra={
          <Button type="primary" onClick={() => navigate(href.login())}>
            Войти
          </Button>
        }
      />
    );
  }

  const onFinish = ({ password }: ResetValues) => {
    clearError();
    reset.mutate({ token, password }, { onError: showError });
  };
  const linkExpired = isApiRequestError(reset.error) && reset.error.code === ErrorCode.tokenInvalid;

  return (
    <>
      <Typography.Title level={4}>Новый пароль</Typography.Title>
      <Form form={form} name="reset_password" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <NewPasswordFields name="password" label="Новый пароль" repeatLabel="Повторите пароль" autoFocus />
        <FormErrorAlert message={formError} />
        <BusyButton type="primary" htmlType="submit" block busy={reset.isPending}>
          Сохранить пароль
        </BusyButton>
      </Form>
      <Flex justify="center" gap="large" style={{ marginTop: 16 }}>
        {linkExpired ? <RouterLink to={href.submitEmail()}>Запросить новую ссылку</RouterLink> : null}
        <RouterLink to={href.login()}>Вернуться ко входу</RouterLink>
      </Flex>
    </>
  );
}
