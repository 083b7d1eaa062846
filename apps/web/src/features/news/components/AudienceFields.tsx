import { ROLE_IDS, ROLE_NAMES } from "@nadoy/contract/roles";
import { Checkbox, Form, Radio, Select } from "antd";

const AUDIENCE_KINDS = [
  { value: "all", label: "Все пользователи" },
  { value: "companies", label: "Выбранные компании" },
  { value: "roles", label: "Выбранные роли" },
];

const ROLE_OPTIONS = ROLE_IDS.map((id) => ({ value: id, label: ROLE_NAMES[id] }));

/**
 * Who sees the item: everyone, chosen companies (those the editor's user data lists, plus any the
 * item already names) or chosen roles (checkboxes).
 */
export function AudienceFields({ companies }: { companies: { uuid: string; name: string }[] }) {
  const kind = Form.useWatch("audience_kind");
  return (
    <>
      <Form.Item label="Кому показывать" name="audience_kind">
        <Radio.Group options={AUDIENCE_KINDS} />
      </Form.Item>
      {kind === "companies" ? (
        <Form.Item
          label="Компании"
          name="company_uuids"
          rules={[{ required: true, type: "array", min: 1, message: "Выберите хотя бы одну компанию" }]}
        >
          <Select
            mode="multiple"
            placeholder="Выберите компании"
            optionFilterProp="label"
            options={companies.map((company) => ({ value: company.uuid, label: company.name }))}
            notFoundContent="Нет компаний"
          />
        </Form.Item>
      ) : null}
      {kind === "roles" ? (
        <Form.Item
          label="Роли"
          name="roles"
          rules={[{ required: true, type: "array", min: 1, message: "Выберите хотя бы одну роль" }]}
        >
          <Checkbox.Group options={ROLE_OPTIONS} />
        </Form.Item>
      ) : null}
    </>
  );
}
