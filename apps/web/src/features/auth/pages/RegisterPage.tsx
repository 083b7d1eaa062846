import { emailSchema, personNameSchema, usernameSchema } from "@nadoy/contract/users";
import { Flex, Form, Input, Typography } from "antd";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { zodRule } from "../../../shared/lib/zod-rule.ts";
import { href } from "../../../shared/routes/href.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { NewPasswordFields } from "../../../shared/ui/NewPasswordFields.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useRegister } from "../api.ts";
import { CheckMailResult } from "../components/CheckMailResult.tsx";

interface RegisterValues {
  username: string;
  email: string;
  password: string;
  password_repeat: string;
  first_name?: string;
  last_name?: string;
}

const FIELDS = ["username", "email", "password", "first_name", "last_name"];

export function RegisterPage() {
  const [form] = Form.useForm<RegisterValues>();
  const register = useRegister();
  const { formError, showError, clearError } = useFormServerError(form, FIELDS);

  if (register.isSuccess) {
    return <CheckMailResult status="success" detail={register.data.detail} />;
  }

  const onFinish = ({ password_repeat: _repeat, ...values }: RegisterValues) => {
    clearError();
    register.mutate(
      { ...values, first_name: values.first_name ?? "", last_name: values.last_name ?? "" },
      { onError: showError },
    );
  };

  return (
    <>
      <Typography.Title level={4}>Регистрация</Typography.Title>
      <Form form={form} name="register" layout="vertical" onFinish={onFinish}>
        <Form.Item label="Имя пользователя" name="username" required rules={[zodRule(usernameSchema)]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Электронная почта" name="email" required rules={[zodRule(emailSchema)]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <NewPasswordFields name="password" label="Пароль" repeatLabel="Повторите пароль" />
        <Form.Item label="Имя" name="first_name" rules={[zodRule(personNameSchema)]}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Фамилия" name="last_name" rules={[zodRule(personNameSchema)]}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <FormErrorAlert message={formError} />
        <BusyButton type="primary" htmlType="submit" block busy={register.isPending}>
          Зарегистрироваться
        </BusyButton>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <RouterLink to={href.login()}>Уже есть учётная запись? Войти</RouterLink>
      </Flex>
    </>
  );
}
