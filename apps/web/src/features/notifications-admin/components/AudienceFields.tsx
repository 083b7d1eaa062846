import { ROLE_IDS, ROLE_NAMES } from "@nadoy/contract/roles";
import { Checkbox, Form, Radio, Select } from "antd";
import { useRecipients } from "../api.ts";
import { AUDIENCE_KINDS, AUDIENCE_LABELS, type SendFormValues } from "../send-form.ts";
import { UserPicker } from "./UserPicker.tsx";

const ROLE_OPTIONS = ROLE_IDS.map((role) => ({ value: role, label: ROLE_NAMES[role] }));

/** «Кому»: everyone, or the users, roles or companies picked below the switch. */
export function AudienceFields() {
  const kind = Form.useWatch<SendFormValues["kind"]>("kind");
  return (
    <>
      <Form.Item label="Кому" name="kind">
        <Radio.Group
          optionType="button"
          options={AUDIENCE_KINDS.map((value) => ({ value, label: AUDIENCE_LABELS[value] }))}
        />
      </Form.Item>
      {kind === "users" ? (
        <Form.Item label="Пользователи" name="users" rules={[pickRule("Выберите хотя бы одного пользователя")]}>
          <UserPicker />
        </Form.Item>
      ) : null}
      {kind === "roles" ? (
        <Form.Item label="Роли" name="roles" rules={[pickRule("Выберите хотя бы одну роль")]}>
          <Checkbox.Group options={ROLE_OPTIONS} aria-label="Роли" />
        </Form.Item>
      ) : null}
      {kind === "companies" ? <CompaniesField /> : null}
    </>
  );
}

function CompaniesField() {
  // The answer for an empty search is the one the user picker starts with: one request for both.
  const recipients = useRecipients("");
  const options = (recipients.data?.companies ?? []).map((company) => ({ value: company.uuid, label: company.name }));
  return (
    <Form.Item label="Компании" name="company_uuids" rules={[pickRule("Выберите хотя бы одну компанию")]}>
      <Select
        mode="multiple"
        showSearch={{ optionFilterProp: "label" }}
        options={options}
        loading={recipients.isPending}
        placeholder="Выберите компании"
        notFoundContent="Компаний не найдено"
        aria-label="Компании"
      />
    </Form.Item>
  );
}

const pickRule = (message: string) => ({ required: true, type: "array" as const, min: 1, message });
