import { useState } from "react";
import type { FieldProps } from "./types.ts";

/** How a typed-number field treats its text (contract form-input.ts gives each type's rules). */
export interface InputRules {
  /** The text shown for a stored value. */
  textOf: (value: number | "") => string;
  /** What survives of what was typed or pasted. */
  sanitize: (text: string) => string;
  /** The text kept on leaving the field. */
  onBlurText: (text: string) => string;
  /** The stored value of a (sanitised) text. */
  valueOf: (text: string) => number | "";
}

/**
 * A text input typed by rules: only what `sanitize` keeps can be typed, the value follows the text
 * while typing, and on blur the text becomes what the rules keep (spec §5 number and percent inputs).
 */
export function RuleInput({
  rules,
  id,
  value,
  onChange,
  placeholder,
  disabled,
  invalid,
  ariaLabel,
}: FieldProps<number | ""> & { rules: InputRules }) {
  const [text, setText] = useState(() => rules.textOf(value));
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
        const clean = rules.sanitize(event.target.value);
        setText(clean);
        onChange(rules.valueOf(clean));
      }}
      onBlur={() => {
        setText(rules.onBlurText(text));
        onChange(rules.valueOf(text));
      }}
    />
  );
}
