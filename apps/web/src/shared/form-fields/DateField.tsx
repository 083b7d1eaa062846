import type { FieldProps } from "./types.ts";

/** A date field: the browser's date picker, whose value is exactly YYYY-MM-DD (spec §2). */
export function DateField({ id, value, onChange, placeholder, disabled, invalid, ariaLabel }: FieldProps<string>) {
  return (
    <input
      id={id}
      className="nf-input"
      type="date"
      value={value}
      placeholder={placeholder}
      title={placeholder}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-label={ariaLabel}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
