import { passwordSchema } from "@nadoy/contract/users";
import { Form, Input } from "antd";
import { repeatPasswordRule } from "../lib/repeat-password-rule.ts";
import { zodRule } from "../lib/zod-rule.ts";

interface NewPasswordFieldsProps {
  /** The form field of the new password; its repeat is `<name>_repeat` and is not sent. */
  name: string;
  label: string;
  repeatLabel: string;
  autoFocus?: boolean;
}

/** A new password by the contract's rule, and its repeat, which must match it. */
export function NewPasswordFields({ name, label, repeatLabel, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item label={label} name={name} required rules={[zodRule(passwordSchema)]}>
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        label={repeatLabel}
        name={`${name}_repeat`}
        required
        dependencies={[name]}
        rules={[repeatPasswordRule(name)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
