import type { TagOption } from "@nadoy/contract/form-values";
import type { ReactNode } from "react";
import { CheckboxField } from "./CheckboxField.tsx";
import { DateField } from "./DateField.tsx";
import { NumberField } from "./NumberField.tsx";
import { PercentField } from "./PercentField.tsx";
import { PhoneField } from "./PhoneField.tsx";
import { FormText, placeholderOf } from "./placeholders.ts";
import { SelectField } from "./SelectField.tsx";
import { TagField, type TagSetValue } from "./TagField.tsx";
import { RichText } from "./TextBlock.tsx";
import { TextField } from "./TextField.tsx";
import type { FieldElement, FieldValue } from "./types.ts";

/** Spec §5: a mandatory field's asterisk, titled «Обязательно для заполнения». */
export function RequiredMark() {
  return (
    <span className="nf-required" title={FormText.mandatory} aria-hidden="true">
      *
    </span>
  );
}

/** The empty value of a field of this type: false for a checkbox, "" for every other. */
export function emptyValue(type: FieldElement["type"]): FieldValue {
  return type === "checkbox" ? false : "";
}

interface FormFieldProps {
  element: FieldElement;
  id: string;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  options: readonly TagOption[];
  disabled?: boolean;
  error?: string;
}

/** One field of a form: its title (with the asterisk), its description, its input and its error. */
export function FormField({ element, id, value, onChange, options, disabled, error }: FormFieldProps) {
  const required = element.mandatory_filling || element.not_empty;
  const common = {
    id,
    placeholder: placeholderOf(element.type, element.place_holder),
    disabled,
    invalid: error !== undefined,
  };
  const errorId = `${id}-error`;

  let input: ReactNode;
  switch (element.type) {
    case "checkbox":
      input = (
        <CheckboxField {...common} value={value === true} onChange={onChange}>
          {element.name}
          {required && <RequiredMark />}
        </CheckboxField>
      );
      break;
    case "text":
    case "ref":
      input = <TextField {...common} kind={element.type} value={String(value)} onChange={onChange} />;
      break;
    case "number":
      input = <NumberField {...common} value={typeof value === "number" ? value : ""} onChange={onChange} />;
      break;
    case "percent":
      input = <PercentField {...common} value={typeof value === "number" ? value : ""} onChange={onChange} />;
      break;
    case "date_picker":
      input = <DateField {...common} value={String(value)} onChange={onChange} />;
      break;
    case "telephone":
      input = <PhoneField {...common} value={String(value)} onChange={onChange} />;
      break;
    case "tag":
      input = (
        <TagField
          {...common}
          ariaLabel={element.name}
          options={options}
          value={Array.isArray(value) ? value : ""}
          onChange={(next: TagSetValue) => onChange(next)}
        />
      );
      break;
    case "select":
      input = (
        <SelectField
          {...common}
          ariaLabel={element.name}
          options={options}
          value={typeof value === "object" && !Array.isArray(value) ? value : ""}
          onChange={onChange}
        />
      );
      break;
  }

  return (
    <div className={`nf-item${error ? " nf-invalid" : ""}`} data-column={element.column_uuid}>
      {element.type !== "checkbox" && (
        <label className="nf-label" htmlFor={id}>
          {element.name}
          {required && <RequiredMark />}
        </label>
      )}
      <RichText html={element.label_data} className="nf-description" />
      {input}
      {error && (
        <div id={errorId} className="nf-error-text" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
