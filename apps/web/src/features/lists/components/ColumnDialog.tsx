import { COLUMN_TYPES, type ColumnType } from "@nadoy/contract/form-values";
import { LIST_COLUMN_NAME_MAX, type ListColumn } from "@nadoy/contract/lists";
import { Alert, Form, Input, Modal, Select, Switch } from "antd";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { type ColumnUpdate, useCreateColumn, useUpdateColumn } from "../api.ts";
import { COLUMN_TYPE_LABELS, hasOptions, presetColor } from "../lib/cells.ts";
import { type OptionField, OptionsEditor, optionsToSend } from "./OptionsEditor.tsx";

interface ColumnFormValues {
  name: string;
  type: ColumnType;
  options?: OptionField[];
  /** Percent columns only. */
  percent_over_100?: boolean;
}

/** The type menu: every type of the contract, in the order of COLUMN_TYPE_LABELS. */
export const COLUMN_TYPE_OPTIONS = (Object.keys(COLUMN_TYPE_LABELS) as ColumnType[])
  .filter((type) => COLUMN_TYPES.includes(type))
  .map((type) => ({ value: type, label: COLUMN_TYPE_LABELS[type] }));

/**
 * Name, type and (for tags and select) options of a column, as form fields under `prefix` (relative
 * to an enclosing Form.List, if any); `path` is the same place from the form's root.
 */
export function ColumnFields({
  prefix = [],
  path = prefix,
}: {
  prefix?: (string | number)[];
  path?: (string | number)[];
}) {
  const form = Form.useFormInstance();
  const type: ColumnType | undefined = Form.useWatch([...path, "type"], form);
  return (
    <>
      <Form.Item
        label="Название столбца"
        name={[...prefix, "name"]}
        rules={[
          { required: true, whitespace: true, message: "Введите название столбца" },
          { max: LIST_COLUMN_NAME_MAX, message: `Не более ${LIST_COLUMN_NAME_MAX} символов` },
        ]}
      >
        <Input maxLength={LIST_COLUMN_NAME_MAX} />
      </Form.Item>
      <Form.Item label="Тип" name={[...prefix, "type"]} rules={[{ required: true, message: "Выберите тип" }]}>
        <Select options={COLUMN_TYPE_OPTIONS} />
      </Form.Item>
      {type && hasOptions(type) ? (
        <Form.Item label="Варианты" required>
          <OptionsEditor name={[...prefix, "options"]} />
        </Form.Item>
      ) : null}
      {type === "percent" ? (
        <Form.Item label="Разрешить больше 100 %" name={[...prefix, "percent_over_100"]} valuePropName="checked">
          <Switch />
        </Form.Item>
      ) : null}
    </>
  );
}

interface ColumnDialogProps {
  listUuid: string;
  /** The column to edit; absent to add one. */
  column?: ListColumn;
  onClose: () => void;
}

/**
 * Adds a column or changes one: a rename, a new type (the server refuses with 409 when some cells
 * do not fit it; its message is shown here) or new options (a renamed option keeps previous_name,
 * so every row follows).
 */
export function ColumnDialog({ listUuid, column, onClose }: ColumnDialogProps) {
  const [form] = Form.useForm<ColumnFormValues>();
  const create = useCreateColumn(listUuid);
  const update = useUpdateColumn(listUuid);
  const mutation = column ? update : create;

  const initial: ColumnFormValues = column
    ? {
        name: column.name,
        type: column.type,
        options: column.options.map((o) => ({ name: o.name, color: o.color, previous_name: o.name })),
        percent_over_100: column.percent_over_100,
      }
    : { name: "", type: "text", options: [{ name: "", color: presetColor(0) }] };

  const submit = (values: ColumnFormValues) => {
    const options = hasOptions(values.type) ? optionsToSend(values.options) : [];
    const percentOver100 = values.type === "percent" && values.percent_over_100 === true;
    if (!column) {
      create.mutate(
        {
          name: values.name.trim(),
          type: values.type,
          options,
          ...(values.type === "percent" && { percent_over_100: percentOver100 }),
        },
        { onSuccess: onClose },
      );
      return;
    }
    const body: ColumnUpdate = {};
    if (values.name.trim() !== column.name) body.name = values.name.trim();
    if (values.type !== column.type) body.type = values.type;
    if (hasOptions(values.type)) {
      const changed =
        options.length !== column.options.length ||
        options.some(
          (o, i) => o.name !== column.options[i]?.name || o.color !== column.options[i]?.color || "previous_name" in o,
        );
      if (changed) body.options = options;
    }
    if (values.type === "percent" && percentOver100 !== column.percent_over_100) body.percent_over_100 = percentOver100;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate({ uuid: column.uuid, body }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      title={column ? `Столбец «${column.name}»` : "Новый столбец"}
      okText={column ? "Сохранить" : "Добавить"}
      cancelText="Отмена"
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: mutation.isPending }}
      destroyOnHidden
    >
      <Form<ColumnFormValues> form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <ColumnFields />
        {column ? (
          <Form.Item noStyle shouldUpdate={(a, b) => a.type !== b.type}>
            {({ getFieldValue }) =>
              getFieldValue("type") !== column.type ? (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 16 }}
                  title="Заполненные ячейки будут преобразованы в новый тип. Если какие-то не подойдут, тип не изменится."
                />
              ) : null
            }
          </Form.Item>
        ) : null}
        {mutation.error && !isUnauthorized(mutation.error) ? (
          <Alert type="error" showIcon title={errorMessage(mutation.error)} />
        ) : null}
      </Form>
    </Modal>
  );
}
