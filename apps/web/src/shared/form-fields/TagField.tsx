import type { TagOption } from "@nadoy/contract/form-values";
import { OptionsDropdown } from "./OptionsDropdown.tsx";
import { TagLabel } from "./TagLabel.tsx";
import type { FieldProps } from "./types.ts";

/** A tag field's value: the picked tags, or "" for none (spec §5: an empty set becomes ""). */
export type TagSetValue = TagOption[] | "";

const sameTag = (a: TagOption, b: TagOption) => a.name === b.name;

/** Spec §5 "Tag set": toggling a tag adds it, toggling it again removes it; an empty set is "". */
export function toggleTag(value: TagSetValue, option: TagOption): TagSetValue {
  const current = value === "" ? [] : value;
  const next = current.some((tag) => sameTag(tag, option))
    ? current.filter((tag) => !sameTag(tag, option))
    : [...current, { name: option.name, color: option.color }];
  return next.length === 0 ? "" : next;
}

/** Spec §5: select-all picks every tag. */
export function selectAllTags(options: readonly TagOption[]): TagSetValue {
  return options.length === 0 ? "" : options.map((option) => ({ name: option.name, color: option.color }));
}

/** A tag field (spec §2): a multi-select of coloured tags with «Выбрать все». */
export function TagField({
  id,
  value,
  onChange,
  placeholder,
  disabled,
  invalid,
  ariaLabel,
  options,
}: FieldProps<TagSetValue> & { options: readonly TagOption[] }) {
  const picked = value === "" ? [] : value;
  return (
    <OptionsDropdown
      id={id}
      options={options}
      multiple
      isSelected={(option) => picked.some((tag) => sameTag(tag, option))}
      onPick={(option) => onChange(toggleTag(value, option))}
      onSelectAll={() => onChange(selectAllTags(options))}
      onClear={() => onChange("")}
      shown={picked.length === 0 ? null : picked.map((tag) => <TagLabel key={tag.name} tag={tag} />)}
      placeholder={placeholder}
      disabled={disabled}
      invalid={invalid}
      ariaLabel={ariaLabel}
    />
  );
}
