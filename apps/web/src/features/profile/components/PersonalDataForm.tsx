import { emailSchema, personNameSchema, type UserProfileSettings } from "@nadoy/contract/users";
import { Card, Form, Input } from "antd";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { usePatchUserProfile } from "../../../shared/hooks/use-user-profile.ts";
import { zodRule } from "../../../shared/lib/zod-rule.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";

interface PersonalDataValues {
  first_name: string;
  last_name: string;
  email: string;
}

const FIELDS = ["first_name", "last_name", "email"] as const;

/**
 * Name and email (PATCH users/user_profile/). An address taken by another account answers 409
 * with fields.email: the message goes under the email field, like every field error.
 */
export function PersonalDataForm({ profile }: { profile: UserProfileSettings }) {
  const [form] = Form.useForm<PersonalDataValues>();
  const save = usePatchUserProfile();
  const showSaved = useSuccessToast();
  const { formError, showError, clearError } = useFormServerError(form, FIELDS);

  const onFinish = (values: PersonalDataValues) => {
    clearError();
    save.mutate(values, { onSuccess: () => showSaved("Данные профиля сохранены"), onError: showError });
  };

  return (
    <Card title="Личные данные" size="small">
      <Form
        form={form}
        name="personal-data"
        layout="vertical"
        initialValues={{ first_name: profile.first_name, last_name: profile.last_name, email: profile.email.email }}
        onFinish={onFinish}
      >
        <Form.Item label="Имя пользователя">
          <Input value={profile.username} disabled />
        </Form.Item>
        <Form.Item label="Имя" name="first_name" rules={[zodRule(personNameSchema)]}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Фамилия" name="last_name" rules={[zodRule(personNameSchema)]}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item label="Электронная почта" name="email" required rules={[zodRule(emailSchema)]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <FormErrorAlert message={formError} />
        <BusyButton type="primary" htmlType="submit" busy={save.isPending}>
          Сохранить
        </BusyButton>
      </Form>
    </Card>
  );
}
