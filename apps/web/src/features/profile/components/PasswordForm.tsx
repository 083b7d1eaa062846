import { PASSWORD_MAX } from "@nadoy/contract/constants";
import { ErrorText } from "@nadoy/contract/errors";
import { Card, Form, Input, Typography } from "antd";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { useUnsavedChangesGuard } from "../../../shared/hooks/use-unsaved-changes-guard.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { NewPasswordFields } from "../../../shared/ui/NewPasswordFields.tsx";
import { useChangePassword } from "../api.ts";

interface PasswordValues {
  old_password?: string;
  new_password: string;
  new_password_repeat: string;
}

const FIELDS = ["old_password", "new_password"] as const;

export const PASSWORD_CHANGED = "Пароль изменён. Другие сеансы завершены.";

/**
 * POST users/change_password/: the current password (only when the account has one — accounts
 * made through Yandex ID may set a first one), the new one twice. A wrong current password shows
 * under its field.
 */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const showChanged = useSuccessToast();
  const { formError, showError, clearError } = useFormServerError(form, FIELDS);
  const guard = useUnsavedChangesGuard();

  const onFinish = ({ old_password, new_password }: PasswordValues) => {
    clearError();
    change.mutate(hasPassword ? { old_password, new_password } : { new_password }, {
      onSuccess: () => {
        form.resetFields();
        guard.setDirty(false);
        showChanged(PASSWORD_CHANGED);
      },
      onError: showError,
    });
  };

  return (
    <Card title={hasPassword ? "Смена пароля" : "Пароль"} size="small">
      {hasPassword ? null : (
        <Typography.Paragraph type="secondary">
          Вы входите через Яндекс ID. Задайте пароль, чтобы входить и по имени пользователя.
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        name="change-password"
        layout="vertical"
        onValuesChange={(_, values) => guard.setDirty(Object.values(values).some(Boolean))}
        onFinish={onFinish}
      >
        {hasPassword ? (
          <Form.Item
            label="Текущий пароль"
            name="old_password"
            required
            rules={[{ required: true, message: ErrorText.oldPasswordRequired }, { max: PASSWORD_MAX }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        ) : null}
        <NewPasswordFields name="new_password" label="Новый пароль" repeatLabel="Повторите новый пароль" />
        <FormErrorAlert message={formError} />
        <BusyButton type="primary" htmlType="submit" busy={change.isPending}>
          {hasPassword ? "Сменить пароль" : "Задать пароль"}
        </BusyButton>
      </Form>
    </Card>
  );
}
