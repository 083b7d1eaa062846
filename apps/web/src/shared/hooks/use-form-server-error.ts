import type { FormInstance } from "antd";
import { useState } from "react";
import { errorMessage } from "../lib/api-error.ts";
import { applyServerFieldErrors } from "../lib/server-field-errors.ts";

/**
 * Shows a failed submit: field messages under their fields, anything else as one form-level
 * message (`formError`, for an Alert above the button).
 */
export function useFormServerError(form: FormInstance, fieldNames: readonly string[]) {
  const [formError, setFormError] = useState<string | null>(null);
  return {
    formError,
    clearError: () => setFormError(null),
    showError: (error: unknown) => {
      setFormError(applyServerFieldErrors(form, error, fieldNames) ? null : errorMessage(error));
    },
  };
}
