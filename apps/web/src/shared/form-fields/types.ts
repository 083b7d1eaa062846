import type { TagOption } from "@nadoy/contract/form-values";
import type { FormElement } from "@nadoy/contract/table-lists";

/** What a field holds while the form is filled: "" empty, a number, a checkbox's boolean, a tag or a tag set. */
export type FieldValue = string | number | boolean | TagOption | TagOption[];

/** The props every field component takes. */
export interface FieldProps<V extends FieldValue = FieldValue> {
  /** The input's id (its label points at it). */
  id: string;
  value: V;
  onChange: (value: V) => void;
  placeholder: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Names the input for assistive technology when there is no visible label. */
  ariaLabel?: string;
}

/** A field element: one with a column and a type. */
export type FieldElement = FormElement & { column_uuid: string; type: NonNullable<FormElement["type"]> };

export function isFieldElement(element: FormElement): element is FieldElement {
  return element.column_uuid !== null && element.type !== null;
}
