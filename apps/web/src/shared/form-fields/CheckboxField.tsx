import type { ReactNode } from "react";
import type { FieldProps } from "./types.ts";

/** A checkbox field: its value is true or false; the field's title is its label. */
export function CheckboxField({
  id,
  value,
  onChange,
  disabled,
  invalid,
  children,
}: Omit<FieldProps<boolean>, "placeholder"> & { children: ReactNode }) {
  return (
    <label className="nf-check" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}
