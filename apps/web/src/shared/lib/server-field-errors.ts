import type { FormInstance } from "antd";
import { isApiRequestError } from "./api-error.ts";

/**
 * Puts the server's per-field messages under the form's fields. Returns true when at least one
 * of them matched a field of this form (then no form-level message is needed).
 */
export function applyServerFieldErrors(form: FormInstance, error: unknown, fieldNames: readonly string[]): boolean {
  if (!isApiRequestError(error) || !error.fields) return false;
  const fields = Object.entries(error.fields)
    .filter(([name]) => fieldNames.includes(name))
    .map(([name, message]) => ({ name, errors: [message] }));
  form.setFields(fields);
  return fields.length > 0;
}
