import { percentOnBlur, percentText, percentValue, sanitizePercentInput } from "@nadoy/contract/form-input";
import { useState } from "react";
import type { FieldProps } from "./types.ts";

/**
 * Spec §5 "Percent input": digits with one optional comma; the value is the float of the text
 * (comma read as a dot), "" for an empty text or a lone comma; a trailing comma goes on blur.
 */
export function PercentField({
  id,
  value,
  onChange,
  placeholder,
  disabled,
  invalid,
  ariaLabel,
}: FieldProps<number | "">) {
  const [text, setText] = useState(() => percentText(value));
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
        const clean = sanitizePercentInput(event.target.value);
        setText(clean);
        onChange(percentValue(clean));
      }}
      onBlur={() => {
        const kept = percentOnBlur(text);
        setText(kept);
        onChange(percentValue(kept));
      }}
    />
  );
}
