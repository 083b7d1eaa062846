import { numberOnBlur, sanitizeNumberInput } from "@nadoy/contract/form-input";
import { useState } from "react";
import type { FieldProps } from "./types.ts";

/**
 * Spec §5 "Number input": only an optional minus, digits and one dot can be typed; the value is
 * the float of the text (kept up to date while typing), and on leaving the field the text becomes
 * that float or is cleared.
 */
export function NumberField({
  id,
  value,
  onChange,
  placeholder,
  disabled,
  invalid,
  ariaLabel,
}: FieldProps<number | "">) {
  const [text, setText] = useState(() => (value === "" ? "" : String(value)));
  return (
    <input
      id={id}
      className="nf-input"
      type="text"
      inputMode="decimal"
      value={text}
      placeholder={placeholder}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-label={ariaLabel}
      onChange={(event) => {
        const clean = sanitizeNumberInput(event.target.value);
        setText(clean);
        onChange(numberOnBlur(clean));
      }}
      onBlur={() => {
        const number = numberOnBlur(text);
        setText(number === "" ? "" : String(number));
        onChange(number);
      }}
    />
  );
}
