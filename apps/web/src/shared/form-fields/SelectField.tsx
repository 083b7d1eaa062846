import type { TagOption } from "@nadoy/contract/form-values";
import { OptionsDropdown } from "./OptionsDropdown.tsx";
import { TagLabel } from "./TagLabel.tsx";
import type { FieldProps } from "./types.ts";

/** A select field (spec §2): one tag {name, color}, or "" before a choice. */
export function SelectField({
  id,
  value,
  onChange,
  placeholder,
  disabled,
  invalid,
  ariaLabel,
  options,
}: FieldProps<TagOption | ""> & { options: readonly TagOption[] }) {
  return (
    <OptionsDropdown
      id={id}
      options={options}
      multiple={false}
      isSelected={(option) => value !== "" && value.name === option.name}
      onPick={(option) => onChange({ name: option.name, color: option.color })}
      shown={value === "" ? null : <TagLabel tag={value} />}
      placeholder={placeholder}
      disabled={disabled}
      invalid={invalid}
      ariaLabel={ariaLabel}
    />
  );
}
