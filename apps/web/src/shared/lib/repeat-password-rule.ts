import type { FormRule } from "antd";

/** «Повторите пароль» must equal the field `passwordField` of the same form. */
export function repeatPasswordRule(passwordField: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error("Повторите пароль");
      if (value !== getFieldValue(passwordField)) throw new Error("Пароли не совпадают");
    },
  });
}
