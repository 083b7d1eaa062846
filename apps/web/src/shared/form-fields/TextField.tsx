import { FORM_REF_MAX, FORM_TEXT_MAX } from "@nadoy/contract/form-values";
import type { FieldProps } from "./types.ts";

/** A text field (spec §2 "text") or a ref field (a link typed as text). */
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
  return (
    <input
      id={id}
      className="nf-input"
      type="text"
      inputMode={kind === "ref" ? "url" : undefined}
      value={value}
      maxLength={kind === "ref" ? FORM_REF_MAX : FORM_TEXT_MAX}
      placeholder={placeholder}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-label={ariaLabel}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
