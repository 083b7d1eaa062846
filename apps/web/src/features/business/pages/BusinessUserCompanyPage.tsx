import { BUSINESS_NAME_MAX, type Business } from "@nadoy/contract/business";
import { Card, Flex, Form, Input, Typography } from "antd";
import { useNavigate, useParams } from "react-router";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { isUnauthorized } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { useBusiness, useCreateBusiness, useUpdateBusiness } from "../api.ts";
import { BusinessGate } from "../components/BusinessGate.tsx";
import { NotFound, PageLoadFailed } from "../components/LoadFailed.tsx";
import { UserSearchSelect } from "../components/UserSearchSelect.tsx";
import { nameRules, sameIds } from "../lib/form-rules.ts";
import { isUuid } from "../lib/list-url.ts";
import { type PickedUser, pickedOf } from "../lib/users.ts";

function NewCompany() {
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateBusiness();
  const navigate = useNavigate();
  const done = useSuccessToast();
  const { formError, clearError, showError } = useFormServerError(form, ["name"]);

  const save = async ({ name }: { name: string }) => {
    clearError();
    try {
      const business = await create.mutateAsync(name.trim());
      done("Компания создана");
      void navigate(href.editBusiness({ id: business.uuid }));
    } catch (error) {
      if (!isUnauthorized(error)) showError(error);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={{ name: "" }} onFinish={(values) => void save(values)}>
      <Form.Item label="Название" name="name" rules={nameRules}>
        <Input maxLength={BUSINESS_NAME_MAX} autoFocus />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        Фермы, пользователей и базы данных добавите на странице компании.
      </Typography.Paragraph>
      <FormErrorAlert message={formError} />
      <Flex gap="small">
        <BusyButton type="primary" htmlType="submit" busy={create.isPending}>
          Создать
        </BusyButton>
        <RouterButtonLink to={href.businessPages()}>Отмена</RouterButtonLink>
      </Flex>
    </Form>
  );
}

interface CompanyFormValues {
  name: string;
  members: PickedUser[];
}

function EditCompanyForm({ business }: { business: Business }) {
  const [form] = Form.useForm<CompanyFormValues>();
  const update = useUpdateBusiness();
  const navigate = useNavigate();
  const done = useSuccessToast();
  const { formError, clearError, showError } = useFormServerError(form, ["name"]);
  const back = href.editBusiness({ id: business.uuid });

  const save = async (values: CompanyFormValues) => {
    clearError();
    const name = values.name.trim();
    const userIds = values.members.map((user) => user.value);
    const body = {
      ...(name !== business.name ? { name } : {}),
      ...(sameIds(
        userIds,
        business.users.map((user) => user.id),
      )
        ? {}
        : { user_ids: userIds }),
    };
    try {
      if (Object.keys(body).length > 0) {
        await update.mutateAsync({ uuid: business.uuid, body });
        done("Изменения сохранены");
      }
      void navigate(back);
    } catch (error) {
      if (!isUnauthorized(error)) showError(error);
    }
  };

  return (
    <Form<CompanyFormValues>
      form={form}
      layout="vertical"
      initialValues={{ name: business.name, members: business.users.map(pickedOf) }}
      onFinish={(values) => void save(values)}
    >
      <Form.Item label="Название" name="name" rules={nameRules}>
        <Input maxLength={BUSINESS_NAME_MAX} />
      </Form.Item>
      <Form.Item
        label="Пользователи"
        name="members"
        extra="Убранный из компании пользователь перестанет видеть её фермы и базы данных."
      >
        <UserSearchSelect aria-label="Пользователи компании" />
      </Form.Item>
      <FormErrorAlert message={formError} />
      <Flex gap="small">
        <BusyButton type="primary" htmlType="submit" busy={update.isPending}>
          Сохранить
        </BusyButton>
        <RouterButtonLink to={back}>Отмена</RouterButtonLink>
      </Flex>
    </Form>
  );
}

function EditCompany({ uuid }: { uuid: string }) {
  const business = useBusiness(uuid);
  if (business.isPending) return <PageSpinner text="Загрузка…" />;
  if (business.isError) {
    return (
      <PageLoadFailed
        error={business.error}
        notFound="Компания не найдена"
        what="Компания не загрузилась."
        onRetry={() => void business.refetch()}
      />
    );
  }
  return <EditCompanyForm key={business.data.uuid} business={business.data} />;
}

function CompanyRoute() {
  const { uuid } = useParams();
  if (uuid !== undefined && !isUuid(uuid)) return <NotFound title="Компания не найдена" />;
  return (
    <Card title={uuid ? "Компания" : "Новая компания"} style={{ maxWidth: 720 }}>
      {uuid ? <EditCompany key={uuid} uuid={uuid} /> : <NewCompany />}
    </Card>
  );
}

/** /business-user/company/:uuid? — a new company (then its page), or its name and members. */
export function BusinessUserCompanyPage() {
  return <BusinessGate>{() => <CompanyRoute />}</BusinessGate>;
}
