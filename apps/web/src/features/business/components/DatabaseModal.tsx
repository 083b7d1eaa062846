import { BUSINESS_NAME_MAX, type Business, type BusinessDatabase, DATABASE_FIELD_MAX } from "@nadoy/contract/business";
import { DATABASE_KIND_LABELS, DATABASE_KINDS, type DatabaseKind } from "@nadoy/contract/users";
import { Flex, Form, Input, Modal, Select, Switch } from "antd";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { isUnauthorized } from "../../../shared/lib/api-error.ts";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { type CreateDatabaseBody, type UpdateDatabaseBody, useCreateDatabase, useUpdateDatabase } from "../api.ts";
import { maxLength, nameRules, required, sameIds } from "../lib/form-rules.ts";
import { userLabel } from "../lib/users.ts";

/** The farm select's value for «Вся компания» (farm_uuid null). */
const WHOLE_COMPANY = "";

interface DatabaseFormValues {
  name: string;
  server: string;
  db_name: string;
  /** Undefined until the admin picks one for a new database. */
  kind: DatabaseKind | undefined;
  active: boolean;
  farm_uuid: string;
  user_ids: number[];
}

const FIELDS = ["name", "server", "db_name", "kind", "active", "farm_uuid", "user_ids"] as const;

const KIND_OPTIONS = DATABASE_KINDS.map((kind) => ({ value: kind, label: DATABASE_KIND_LABELS[kind] }));

function valuesOf(database: BusinessDatabase | undefined): DatabaseFormValues {
  return {
    name: database?.name ?? "",
    server: database?.server ?? "",
    db_name: database?.db_name ?? "",
    kind: database?.kind,
    active: database?.active ?? true,
    farm_uuid: database?.farm_uuid ?? WHOLE_COMPANY,
    user_ids: database?.users.map((user) => user.id) ?? [],
  };
}

/** The form requires a kind, so a submitted form has one. */
function bodyOf(values: DatabaseFormValues & { kind: DatabaseKind }): CreateDatabaseBody {
  return {
    name: values.name.trim(),
    server: values.server.trim(),
    db_name: values.db_name.trim(),
    kind: values.kind,
    active: values.active,
    farm_uuid: values.farm_uuid === WHOLE_COMPANY ? null : values.farm_uuid,
    user_ids: values.user_ids,
  };
}

/** PATCH body: only what differs from the database as loaded. */
function changesOf(
  database: BusinessDatabase,
  values: DatabaseFormValues & { kind: DatabaseKind },
): NonNullable<UpdateDatabaseBody> {
  const before = bodyOf({ ...valuesOf(database), kind: database.kind });
  const after = bodyOf(values);
  const body: NonNullable<UpdateDatabaseBody> = {};
  if (after.name !== before.name) body.name = after.name;
  if (after.server !== before.server) body.server = after.server;
  if (after.db_name !== before.db_name) body.db_name = after.db_name;
  if (after.kind !== before.kind) body.kind = after.kind;
  if (after.active !== before.active) body.active = after.active;
  if (after.farm_uuid !== before.farm_uuid) body.farm_uuid = after.farm_uuid;
  if (!sameIds(after.user_ids ?? [], before.user_ids ?? [])) body.user_ids = after.user_ids;
  return body;
}

interface DatabaseModalProps {
  business: Business;
  /** The database to edit; undefined for a new one. */
  database: BusinessDatabase | undefined;
  open: boolean;
  onClose: () => void;
}

/** Register or edit a user database of the company: connection, farm, who it is given to, active. */
export function DatabaseModal({ business, database, open, onClose }: DatabaseModalProps) {
  const [form] = Form.useForm<DatabaseFormValues>();
  const create = useCreateDatabase();
  const update = useUpdateDatabase();
  const done = useSuccessToast();
  const { formError, clearError, showError } = useFormServerError(form, FIELDS);

  const save = async (values: DatabaseFormValues & { kind: DatabaseKind }) => {
    clearError();
    try {
      if (!database) {
        await create.mutateAsync({ companyUuid: business.uuid, body: bodyOf(values) });
        done("База данных добавлена");
      } else {
        const body = changesOf(database, values);
        if (Object.keys(body).length > 0) {
          await update.mutateAsync({ uuid: database.uuid, companyUuid: business.uuid, body });
          done("Изменения сохранены");
        }
      }
      onClose();
    } catch (error) {
      if (!isUnauthorized(error)) showError(error);
    }
  };

  const farmOptions = [
    { value: WHOLE_COMPANY, label: "Вся компания" },
    ...business.farms.map((farm) => ({ value: farm.uuid, label: farm.name })),
  ];
  const userOptions = business.users.map((user) => ({ value: user.id, label: userLabel(user) }));

  return (
    <Modal
      open={open}
      title={database ? `База данных «${database.name}»` : "Новая база данных"}
      okText={database ? "Сохранить" : "Добавить"}
      cancelText="Отмена"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form<DatabaseFormValues>
        form={form}
        layout="vertical"
        initialValues={valuesOf(database)}
        // The kind's rule makes it required: a finished form has one.
        onFinish={(values) => (values.kind ? void save({ ...values, kind: values.kind }) : undefined)}
      >
        <Form.Item label="Название" name="name" rules={nameRules}>
          <Input maxLength={BUSINESS_NAME_MAX} />
        </Form.Item>
        <Flex gap="middle" wrap>
          <Form.Item
            label="Сервер"
            name="server"
            rules={[required("Укажите сервер"), maxLength(DATABASE_FIELD_MAX)]}
            style={{ flex: 1, minWidth: 180 }}
          >
            <Input maxLength={DATABASE_FIELD_MAX} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Имя базы"
            name="db_name"
            rules={[
              required("Укажите имя базы"),
              maxLength(DATABASE_FIELD_MAX),
              { pattern: /^[\w.-]+$/, message: "Только латинские буквы, цифры и символы _ . -" },
            ]}
            style={{ flex: 1, minWidth: 180 }}
          >
            <Input maxLength={DATABASE_FIELD_MAX} autoComplete="off" />
          </Form.Item>
        </Flex>
        <Form.Item
          label="Что хранит база"
          name="kind"
          rules={[{ required: true, message: "Выберите, что хранит база" }]}
          extra="От этого зависит, что база предлагает в меню: отчёты по стаду, мониторинг оборудования или загрузку из 1С."
        >
          <Select options={KIND_OPTIONS} placeholder="Выберите" aria-label="Что хранит база" />
        </Form.Item>
        <Form.Item label="Ферма" name="farm_uuid">
          <Select options={farmOptions} aria-label="Ферма" />
        </Form.Item>
        <Form.Item
          label="Пользователи"
          name="user_ids"
          extra="Базу видят только выбранные пользователи компании, пока она включена."
        >
          <Select
            mode="multiple"
            options={userOptions}
            showSearch={{ optionFilterProp: "label" }}
            placeholder="Никому не выдана"
            aria-label="Пользователи базы"
            notFoundContent="В компании нет пользователей"
          />
        </Form.Item>
        <Form.Item label="Включена" name="active" valuePropName="checked">
          <Switch aria-label="Включена" />
        </Form.Item>
        <FormErrorAlert message={formError} />
      </Form>
    </Modal>
  );
}
