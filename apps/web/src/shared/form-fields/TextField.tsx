import { FORM_REF_MAX, FORM_TEXT_MAX } from "@nadoy/contract/form-values";
import type { FieldProps } from "./types.ts";

/**
 * A text field (spec §2 "text"): multi-line, since a text column holds up to FORM_TEXT_MAX
 * characters (Enter makes a new line; the box grows with its text). A ref field is one line (a
 * link typed as text).
 */
export function TextField({
  id,
  value,
  onChange,
  placeholder,
  disabled,
  invalid,
  ariaLabel,
  kind = "text",
}: FieldProps<string> & { kind?: "text" | "ref" }) {
  const common = {
    id,
    value,
    placeholder,
    disabled,
    "aria-invalid": invalid || undefined,
    "aria-label": ariaLabel,
  };
  if (kind === "ref") {
    return (
      <input
        {...common}
        className="nf-input"
        type="text"
        inputMode="url"
        maxLength={FORM_REF_MAX}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <textarea
      {...common}
      className="nf-input nf-textarea"
      rows={2}
      maxLength={FORM_TEXT_MAX}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
