import {
  type CreatedKey,
  createKeySchema,
  KEY_EXPECTED_INTERVAL_MAX,
  KEY_NAME_MAX,
  KEY_SCOPE_DATABASE_KIND,
  KEY_SCOPE_LABELS,
  KEY_SCOPES,
  type KeygenWorkspace,
  type KeyScope,
} from "@nadoy/contract/keys";
import { useMutation } from "@tanstack/react-query";
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { applyServerFieldErrors } from "../../../shared/lib/server-field-errors.ts";
import { zodRule } from "../../../shared/lib/zod-rule.ts";
import { createApiKey } from "../api.ts";

interface Values {
  name: string;
  scope: KeyScope;
  database_uuid: string;
  expires_at?: Dayjs | null;
  dtm_code?: string | null;
  expected_interval_min?: number | null;
}

const FIELDS = ["name", "scope", "database_uuid", "expires_at", "dtm_code", "expected_interval_min"] as const;

/** «Создать ключ»: name, what it sends and where, an optional expiry, DTM code and expected interval. */
export function CreateKeyForm({
  workspace,
  open,
  onClose,
  onCreated,
}: {
  workspace: KeygenWorkspace;
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedKey) => void;
}) {
  const [form] = Form.useForm<Values>();
  const scope = Form.useWatch("scope", form) ?? "ingest";
  const databases = workspace.databases.filter((db) => db.kind === KEY_SCOPE_DATABASE_KIND[scope]);
  const create = useMutation({
    mutationFn: (values: Values) =>
      createApiKey(workspace.uuid, {
        name: values.name,
        scope: values.scope,
        database_uuid: values.database_uuid,
        expires_at: values.expires_at ? values.expires_at.endOf("day").toISOString() : null,
        dtm_code: values.dtm_code ?? null,
        expected_interval_min: values.expected_interval_min ?? null,
      }),
    onSuccess: (created) => {
      form.resetFields();
      onCreated(created);
    },
    onError: (error) => applyServerFieldErrors(form, error, FIELDS),
  });
  const unmatched = create.isError && !applyFieldsMatched(create.error);

  return (
    <Modal
      open={open}
      title="Новый ключ"
      okText="Создать ключ"
      cancelText="Отмена"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ scope: "ingest" }}
        onFinish={(values) => create.mutate(values)}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.scope) form.setFieldValue("database_uuid", undefined);
        }}
      >
        <Form.Item
          name="name"
          label="Название"
          rules={[zodRule(createKeySchema.shape.name)]}
          extra="Например, «Шлюз доильного зала» — чтобы потом узнать ключ в списке"
        >
          <Input maxLength={KEY_NAME_MAX} />
        </Form.Item>
        <Form.Item name="scope" label="Назначение">
          <Select options={KEY_SCOPES.map((value) => ({ value, label: KEY_SCOPE_LABELS[value] }))} />
        </Form.Item>
        <Form.Item
          name="database_uuid"
          label="База данных"
          rules={[{ required: true, message: "Выберите базу, куда ключ будет передавать данные" }]}
        >
          <Select
            placeholder={databases.length > 0 ? "Выберите базу" : "Нет подходящих баз"}
            options={databases.map((db) => ({ value: db.uuid, label: db.name }))}
            notFoundContent="Нет подходящих баз"
          />
        </Form.Item>
        <Form.Item name="expires_at" label="Действует до" extra="Пусто — бессрочно (отозвать можно в любой момент)">
          <DatePicker
            format="DD.MM.YYYY"
            disabledDate={(day) => day.isBefore(dayjs(), "day")}
            style={{ width: "100%" }}
          />
        </Form.Item>
        {/* Only the codes the user sees (the server's list): the key's transfers go into that code's log. */}
        <Form.Item name="dtm_code" label="Код DTM" extra="Передачи этого ключа попадут в журнал DTM под этим кодом">
          <Select
            allowClear
            placeholder={workspace.dtm_codes.length > 0 ? "Без кода" : "Вам не открыт ни один код DTM компании"}
            options={workspace.dtm_codes.map((code) => ({ value: code, label: code }))}
          />
        </Form.Item>
        <Form.Item
          name="expected_interval_min"
          label="Ожидаемый интервал передачи, минут"
          rules={[zodRule(createKeySchema.shape.expected_interval_min)]}
          extra="Если ключ молчит дольше, сотрудники компании получат уведомление. Пусто — не следить"
        >
          <InputNumber min={1} max={KEY_EXPECTED_INTERVAL_MAX} precision={0} style={{ width: "100%" }} />
        </Form.Item>
      </Form>
      {unmatched ? <Alert type="error" showIcon title={errorMessage(create.error)} /> : null}
    </Modal>
  );
}

/** Whether the server's refusal named a field of this form (then the field shows it). */
function applyFieldsMatched(error: unknown): boolean {
  const fields = (error as { fields?: Record<string, string> }).fields;
  return fields !== undefined && Object.keys(fields).some((name) => (FIELDS as readonly string[]).includes(name));
}
