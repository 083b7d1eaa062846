import { EditOutlined } from "@ant-design/icons";
import { BUSINESS_NAME_MAX, type Business } from "@nadoy/contract/business";
import { Button, Flex, Form, Input, Typography } from "antd";
import { useState } from "react";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { isUnauthorized } from "../../../shared/lib/api-error.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { useUpdateBusiness } from "../api.ts";
import { nameRules } from "../lib/form-rules.ts";

/** The company's name as the page title; «Переименовать» turns it into a field with «Сохранить». */
export function CompanyNameEditor({ business }: { business: Business }) {
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const update = useUpdateBusiness();
  const done = useSuccessToast();
  const { formError, clearError, showError } = useFormServerError(form, ["name"]);

  if (!editing) {
    return (
      <Flex gap="small" align="center" wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {business.name}
        </Typography.Title>
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label="Переименовать компанию"
          onClick={() => {
            clearError();
            setEditing(true);
          }}
        />
      </Flex>
    );
  }

  const save = async ({ name }: { name: string }) => {
    clearError();
    const trimmed = name.trim();
    if (trimmed === business.name) {
      setEditing(false);
      return;
    }
    try {
      await update.mutateAsync({ uuid: business.uuid, body: { name: trimmed } });
      done("Компания переименована");
      setEditing(false);
    } catch (error) {
      if (!isUnauthorized(error)) showError(error);
    }
  };

  return (
    <Form form={form} layout="inline" initialValues={{ name: business.name }} onFinish={(values) => void save(values)}>
      <Form.Item name="name" rules={nameRules} style={{ minWidth: 320 }}>
        <Input aria-label="Название компании" maxLength={BUSINESS_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item>
        <Flex gap="small">
          <BusyButton type="primary" htmlType="submit" busy={update.isPending}>
            Сохранить
          </BusyButton>
          <Button onClick={() => setEditing(false)}>Отмена</Button>
        </Flex>
      </Form.Item>
      <FormErrorAlert message={formError} />
    </Form>
  );
}
