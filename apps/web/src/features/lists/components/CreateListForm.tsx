import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import type { ColumnType } from "@nadoy/contract/form-values";
import { LIST_COLUMNS_MAX, type ListDetail, type ListKind } from "@nadoy/contract/lists";
import type { UserData } from "@nadoy/contract/users";
import { Alert, Button, Card, Flex, Form, Select } from "antd";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { useCreateList } from "../api.ts";
import { hasOptions, presetColor } from "../lib/cells.ts";
import { ColumnFields } from "./ColumnDialog.tsx";
import { ListNameField } from "./ListNameField.tsx";
import { type OptionField, optionsToSend } from "./OptionsEditor.tsx";

interface CreateValues {
  name: string;
  company_uuid: string;
  columns?: { name: string; type: ColumnType; options?: OptionField[]; percent_over_100?: boolean }[];
}

export const KIND_WORDS: Record<ListKind, { one: string; create: string }> = {
  list: { one: "список", create: "Создать список" },
  table: { one: "таблицу", create: "Создать таблицу" },
};

interface CreateListFormProps {
  kind: ListKind;
  companies: UserData["user_companies"];
  onCreated: (list: ListDetail) => void;
  onCancel?: () => void;
}

/** Name, company (one of the user's) and optional starter columns of a new list or table. */
export function CreateListForm({ kind, companies, onCreated, onCancel }: CreateListFormProps) {
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateList();

  if (companies.length === 0) {
    return (
      <Alert
        type="info"
        showIcon
        title="Вы не состоите ни в одной компании"
        description={`Чтобы создать ${KIND_WORDS[kind].one}, попросите администратора добавить вас в компанию.`}
      />
    );
  }

  const submit = (values: CreateValues) =>
    create.mutate(
      {
        name: values.name.trim(),
        kind,
        company_uuid: values.company_uuid,
        columns: (values.columns ?? []).map((c) => ({
          name: c.name.trim(),
          type: c.type,
          options: hasOptions(c.type) ? optionsToSend(c.options) : [],
          ...(c.type === "percent" && { percent_over_100: c.percent_over_100 === true }),
        })),
      },
      { onSuccess: onCreated },
    );

  return (
    <Form<CreateValues>
      form={form}
      layout="vertical"
      initialValues={{ name: "", company_uuid: companies[0]?.uuid, columns: [] }}
      onFinish={submit}
    >
      <ListNameField />
      <Form.Item label="Компания" name="company_uuid" rules={[{ required: true, message: "Выберите компанию" }]}>
        <Select options={companies.map((c) => ({ value: c.uuid, label: c.name }))} />
      </Form.Item>
      <Form.List name="columns">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8} style={{ marginBottom: 16 }}>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                title={`Столбец ${index + 1}`}
                extra={
                  <Button
                    type="text"
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={`Убрать столбец ${index + 1}`}
                    onClick={() => remove(field.name)}
                  />
                }
              >
                <ColumnFields prefix={[field.name]} path={["columns", field.name]} />
              </Card>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= LIST_COLUMNS_MAX}
              onClick={() => add({ name: "", type: "text", options: [{ name: "", color: presetColor(0) }] })}
            >
              Добавить столбец
            </Button>
          </Flex>
        )}
      </Form.List>
      {create.error && !isUnauthorized(create.error) ? (
        <Alert type="error" showIcon title={errorMessage(create.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Flex gap={8} justify="flex-end">
        {onCancel ? <Button onClick={onCancel}>Отмена</Button> : null}
        <BusyButton type="primary" htmlType="submit" busy={create.isPending}>
          {KIND_WORDS[kind].create}
        </BusyButton>
      </Flex>
    </Form>
  );
}
