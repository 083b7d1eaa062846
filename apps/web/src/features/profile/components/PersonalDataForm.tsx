import { FRESH_SIGN_IN_MINUTES, PASSWORD_MAX } from "@nadoy/contract/constants";
import { ErrorText } from "@nadoy/contract/errors";
import { pluralRu } from "@nadoy/contract/plural";
import { emailSchema, personNameSchema, type UserProfileSettings } from "@nadoy/contract/users";
import { Alert, Card, Form, Input } from "antd";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { useUnsavedChangesGuard } from "../../../shared/hooks/use-unsaved-changes-guard.ts";
import { usePatchUserProfile } from "../../../shared/hooks/use-user-profile.ts";
import { zodRule } from "../../../shared/lib/zod-rule.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { useChangeEmail } from "../api.ts";

interface PersonalDataValues {
  first_name: string;
  last_name: string;
  email: string;
  password?: string;
}

const FIELDS = ["first_name", "last_name", "email", "password"] as const;

/** What the settings page says while a new address waits for its link to be followed. */
export function pendingEmailText(pending: string): string {
  return `На новый адрес ${pending} отправлено письмо со ссылкой. Пожалуйста, перейдите по ней — адрес изменится только после этого. До тех пор письма приходят на прежний адрес.`;
}

/**
 * Names (PATCH users/user_profile/) and email (POST users/change_email/). A new address asks for
 * the current password — accounts made through Yandex ID without one prove themselves by a recent
 * sign-in instead — and changes only once the link mailed to it is followed; until then the card
 * says so. Errors show under their fields (taken address, wrong password) or above the button.
 */
export function PersonalDataForm({ profile }: { profile: UserProfileSettings }) {
  const [form] = Form.useForm<PersonalDataValues>();
  const save = usePatchUserProfile();
  const changeEmail = useChangeEmail();
  const showSaved = useSuccessToast();
  const { formError, showError, clearError } = useFormServerError(form, FIELDS);
  const typedEmail = Form.useWatch("email", form);
  const emailChanges = typeof typedEmail === "string" && typedEmail.trim() !== profile.email.email;
  const guard = useUnsavedChangesGuard();
  // Unsaved: what is typed differs from the profile as loaded (set as the user types, not later).
  const trackChanges = (_: unknown, values: PersonalDataValues) =>
    guard.setDirty(
      values.first_name !== profile.first_name ||
        values.last_name !== profile.last_name ||
        values.email.trim() !== profile.email.email,
    );

  const onFinish = async ({ first_name, last_name, email, password }: PersonalDataValues) => {
    clearError();
    const namesChange = first_name !== profile.first_name || last_name !== profile.last_name;
    try {
      if (emailChanges) {
        const answer = await changeEmail.mutateAsync({
          email,
          ...(profile.has_password && { password: password ?? "" }),
        });
        form.setFieldsValue({
          password: undefined,
          ...(answer.pending_email !== null && { email: profile.email.email }),
        });
        if (answer.pending_email === null) showSaved(answer.detail);
      }
      if (namesChange || !emailChanges) {
        await save.mutateAsync({ first_name, last_name });
        showSaved("Данные профиля сохранены");
      }
      guard.setDirty(false);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Card title="Личные данные" size="small">
      <Form
        form={form}
        name="personal-data"
        layout="vertical"
        initialValues={{ first_name: profile.first_name, last_name: profile.last_name, email: profile.email.email }}
        onValuesChange={trackChanges}
        onFinish={(values) => void onFinish(values)}
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
        {profile.pending_email ? (
          <Alert type="info" showIcon title={pendingEmailText(profile.pending_email)} style={{ marginBottom: 16 }} />
        ) : null}
        {emailChanges && profile.has_password ? (
          <Form.Item
            label="Текущий пароль"
            name="password"
            required
            extra="Нужен, чтобы сменить адрес электронной почты"
            rules={[{ required: true, message: ErrorText.oldPasswordRequired }, { max: PASSWORD_MAX }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        ) : null}
        {emailChanges && !profile.has_password ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`Вы входите через Яндекс ID. Сменить адрес можно в течение ${FRESH_SIGN_IN_MINUTES} ${pluralRu(FRESH_SIGN_IN_MINUTES, ["минуты", "минут", "минут"])} после входа; если вы вошли раньше, выйдите и войдите снова.`}
          />
        ) : null}
        <FormErrorAlert message={formError} />
        <BusyButton type="primary" htmlType="submit" busy={save.isPending || changeEmail.isPending}>
          Сохранить
        </BusyButton>
      </Form>
    </Card>
  );
}
