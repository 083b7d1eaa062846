import { DeleteOutlined } from "@ant-design/icons";
import { type Business, type BusinessDtm, DTM_CODE_MAX, dtmCompanyCodeSchema } from "@nadoy/contract/business";
import { Button, Flex, Form, Input, Popconfirm, Table, type TableColumnsType, Typography } from "antd";
import { useApiErrorToast } from "../../../shared/hooks/use-api-error-toast.ts";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { isUnauthorized } from "../../../shared/lib/api-error.ts";
import { zodRule } from "../../../shared/lib/zod-rule.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { useCreateDtm, useDeleteDtm } from "../api.ts";
import { required } from "../lib/form-rules.ts";
import { userLabel } from "../lib/users.ts";

// The contract's rule (1–50 letters, digits, - and _), said by the field before the server would.
const codeRules = [required("Введите код"), zodRule(dtmCompanyCodeSchema)];

function DeleteCode({ entry, companyUuid }: { entry: BusinessDtm; companyUuid: string }) {
  const remove = useDeleteDtm();
  const done = useSuccessToast();
  const failed = useApiErrorToast();
  return (
    <Popconfirm
      title={`Удалить код «${entry.company_code}»?`}
      description="Пользователи, которым он выдан, перестанут его видеть."
      okText="Удалить"
      okButtonProps={{ danger: true }}
      cancelText="Отмена"
      onConfirm={() => remove.mutateAsync({ uuid: entry.uuid, companyUuid }).then(() => done("Код DTM удалён"), failed)}
    >
      <Button
        size="small"
        type="link"
        danger
        icon={<DeleteOutlined />}
        aria-label={`Удалить код «${entry.company_code}»`}
      />
    </Popconfirm>
  );
}

/** Adds a code; a code the company has already (409) is said under the field. */
function AddCode({ companyUuid }: { companyUuid: string }) {
  const [form] = Form.useForm<{ company_code: string }>();
  const create = useCreateDtm();
  const done = useSuccessToast();
  const { formError, clearError, showError } = useFormServerError(form, ["company_code"]);

  const add = async ({ company_code }: { company_code: string }) => {
    clearError();
    try {
      await create.mutateAsync({ companyUuid, companyCode: company_code.trim() });
      done("Код DTM добавлен");
      form.resetFields();
    } catch (error) {
      if (!isUnauthorized(error)) showError(error);
    }
  };

  return (
    <Form form={form} layout="inline" initialValues={{ company_code: "" }} onFinish={(values) => void add(values)}>
      <Form.Item name="company_code" rules={codeRules} validateFirst style={{ minWidth: 280 }}>
        <Input aria-label="Новый код DTM" placeholder="Например, ZR-001" maxLength={DTM_CODE_MAX} />
      </Form.Item>
      <Form.Item>
        <BusyButton type="primary" htmlType="submit" busy={create.isPending}>
          Добавить код
        </BusyButton>
      </Form.Item>
      <FormErrorAlert message={formError} />
    </Form>
  );
}

/** The «Коды компании (DTM)» tab: the company's DTM codes and who is given each; add, delete. */
export function DtmTab({ business }: { business: Business }) {
  const columns: TableColumnsType<BusinessDtm> = [
    { key: "code", title: "Код", dataIndex: "company_code" },
    {
      key: "users",
      title: "Пользователи",
      render: (_, entry) =>
        entry.users.length > 0 ? (
          entry.users.map(userLabel).join(", ")
        ) : (
          <Typography.Text type="secondary">Никому не выдан</Typography.Text>
        ),
    },
    {
      key: "actions",
      title: "Действия",
      render: (_, entry) => <DeleteCode entry={entry} companyUuid={business.uuid} />,
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Text type="secondary">
        Коды, под которыми компания передаёт данные. Пользователям их выдают в карточке пользователя.
      </Typography.Text>
      <AddCode companyUuid={business.uuid} />
      <Table<BusinessDtm>
        rowKey="uuid"
        size="small"
        columns={columns}
        dataSource={business.dtm}
        pagination={{ pageSize: 25, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: "Кодов пока нет" }}
        scroll={{ x: true }}
      />
    </Flex>
  );
}
