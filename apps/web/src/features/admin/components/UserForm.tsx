import { type AdminUser, MODULE_NAMES, type UserModules } from "@nadoy/contract/admin-users";
import { canChangeUser, ROLE_IDS, ROLE_NAMES } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { Alert, Divider, Flex, Form, Input, Select, Switch, Typography } from "antd";
import { useState } from "react";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { errorMessage, isApiRequestError, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { roleIcon } from "../../../shared/ui/role-icon.tsx";
import { useCreateAdminUser, useResetAdminUserPassword, useUpdateAdminUser } from "../api.ts";
import {
  changedFieldsOf,
  createBodyOf,
  formFieldOf,
  formValuesOf,
  NO_ROLE,
  type UserFormValues,
} from "../lib/user-form-values.ts";
import { ActiveSwitch } from "./ActiveSwitch.tsx";
import { UserAccessFields } from "./UserAccessFields.tsx";

const roleOptions = [
  { value: NO_ROLE, label: "Без роли" },
  ...ROLE_IDS.map((id) => ({
    value: id,
    title: ROLE_NAMES[id],
    label: (
      <Flex gap="small" align="center">
        {roleIcon([id]).icon}
        {ROLE_NAMES[id]}
      </Flex>
    ),
  })),
];

/** Companies to offer: the admin's own (user data) and any the user already belongs to. */
function companyOptions(me: UserData, user: AdminUser | undefined) {
  const byUuid = new Map([...me.user_companies, ...(user?.companies ?? [])].map((c) => [c.uuid, c.name]));
  return [...byUuid].map(([value, label]) => ({ value, label }));
}

interface UserFormProps {
  me: UserData;
  /** Absent: a new user. */
  user?: AdminUser;
  onDone: () => void;
}

/**
 * Create or edit a user: names, email, role, superuser (only superusers see it), active, companies,
 * access (farms, databases, reports, report groups) and the module flags. A new user gets a mail to
 * set a password; an edit sends only what changed.
 */
export function UserForm({ me, user, onDone }: UserFormProps) {
  const [form] = Form.useForm<UserFormValues>();
  const create = useCreateAdminUser();
  const update = useUpdateAdminUser();
  const reset = useResetAdminUserPassword();
  const done = useSuccessToast();
  const failed = useFailureToast();
  const [formError, setFormError] = useState<string | null>(null);
  // Only a superuser may edit a superuser (the server answers 403 to others).
  const locked = user !== undefined && !canChangeUser(me, user);
  const companies = companyOptions(me, user);

  const showError = (error: unknown) => {
    if (isUnauthorized(error)) return;
    const fields = isApiRequestError(error) && error.fields ? Object.entries(error.fields) : [];
    const matched = fields.flatMap(([name, text]) => {
      const path = formFieldOf(name);
      return path ? [{ name: path, errors: [text] }] : [];
    });
    form.setFields(matched as Parameters<typeof form.setFields>[0]);
    const conflict = isApiRequestError(error) && error.status === 409;
    setFormError(matched.length === 0 || conflict ? errorMessage(error) : null);
  };

  const save = async (values: UserFormValues) => {
    setFormError(null);
    try {
      if (!user) {
        await create.mutateAsync(createBodyOf(values, me.is_superuser));
        done("Пользователь создан, ему отправлено письмо для входа");
      } else {
        const body = changedFieldsOf(user, values);
        if (body && Object.keys(body).length > 0) {
          await update.mutateAsync({ id: user.id, body });
          done("Изменения сохранены");
        }
      }
      onDone();
    } catch (error) {
      showError(error);
    }
  };

  const sendReset = (id: number) =>
    reset.mutateAsync(id).then(() => done("Ссылка для смены пароля отправлена на почту пользователя"), failed);

  return (
    <Form<UserFormValues>
      form={form}
      layout="vertical"
      initialValues={formValuesOf(user)}
      onFinish={(values) => void save(values)}
      disabled={locked}
    >
      {locked ? (
        <Alert
          type="info"
          showIcon
          title="Суперпользователя изменяет только суперпользователь"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item label="Логин" name="username" rules={[{ required: true, whitespace: true, message: "Введите логин" }]}>
        <Input autoComplete="off" maxLength={150} />
      </Form.Item>
      <Form.Item
        label="Эл. почта"
        name="email"
        rules={[
          { required: true, message: "Введите email" },
          { type: "email", message: "Проверьте email" },
        ]}
      >
        <Input autoComplete="off" maxLength={254} />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item label="Имя" name="first_name" style={{ flex: 1, minWidth: 160 }}>
          <Input maxLength={150} />
        </Form.Item>
        <Form.Item label="Фамилия" name="last_name" style={{ flex: 1, minWidth: 160 }}>
          <Input maxLength={150} />
        </Form.Item>
      </Flex>
      <Form.Item label="Роль" name="role">
        <Select options={roleOptions} aria-label="Роль" />
      </Form.Item>
      <Form.Item label="Компании" name="company_uuids">
        <Select
          mode="multiple"
          options={companies}
          optionFilterProp="label"
          placeholder="Не выбраны"
          aria-label="Компании"
        />
      </Form.Item>
      <Flex gap="large" wrap>
        <Form.Item label="Доступ" name="is_active">
          <ActiveSwitch confirmOff={user?.is_active === true} />
        </Form.Item>
        {me.is_superuser ? (
          <Form.Item label="Суперпользователь" name="is_superuser" valuePropName="checked">
            <Switch aria-label="Суперпользователь" />
          </Form.Item>
        ) : null}
      </Flex>
      <UserAccessFields user={user} companyNames={new Map(companies.map((c) => [c.value, c.label]))} />
      <Divider titlePlacement="start">Модули</Divider>
      {(Object.keys(MODULE_NAMES) as (keyof UserModules)[]).map((key) => (
        <Form.Item key={key} name={["modules", key]} valuePropName="checked" style={{ marginBottom: 8 }}>
          <ModuleSwitch label={MODULE_NAMES[key]} />
        </Form.Item>
      ))}
      <FormErrorAlert message={formError} />
      <Flex gap="small" wrap align="center" style={{ marginTop: 16 }}>
        <BusyButton type="primary" htmlType="submit" busy={create.isPending || update.isPending}>
          {user ? "Сохранить" : "Создать"}
        </BusyButton>
        {user ? (
          <BusyButton busy={reset.isPending} onClick={() => void sendReset(user.id)}>
            Отправить ссылку для смены пароля
          </BusyButton>
        ) : (
          <Typography.Text type="secondary">Пароль пользователь задаст по ссылке из письма.</Typography.Text>
        )}
      </Flex>
    </Form>
  );
}

/** A module flag: a switch with its name beside it (the name is its accessible label too). */
function ModuleSwitch({
  label,
  checked,
  onChange,
  id,
}: {
  label: string;
  checked?: boolean;
  onChange?: (value: boolean) => void;
  id?: string;
}) {
  return (
    <Flex gap="small" align="center">
      <Switch id={id} checked={checked} onChange={onChange} aria-label={label} size="small" />
      <span>{label}</span>
    </Flex>
  );
}
