import { LIST_NAME_MAX } from "@nadoy/contract/lists";
import { Form, Input } from "antd";

/** The «Название» field of a list or table (create and rename), limited as the contract is. */
export function ListNameField() {
  return (
    <Form.Item
      label="Название"
      name="name"
      rules={[
        { required: true, whitespace: true, message: "Введите название" },
        { max: LIST_NAME_MAX, message: `Не более ${LIST_NAME_MAX} символов` },
      ]}
    >
      <Input autoFocus maxLength={LIST_NAME_MAX} />
    </Form.Item>
  );
}
