import type { FormElement } from "@nadoy/contract/table-lists";

let next = 0;

/** A form element for tests: a text field unless told otherwise, with a fresh column uuid. */
export function formElement(partial: Partial<FormElement> = {}): FormElement {
  next += 1;
  const isBlock = partial.type_form_element != null;
  return {
    column_uuid: isBlock ? null : `00000000-0000-4000-8000-${String(next).padStart(12, "0")}`,
    type: isBlock ? null : "text",
    percent_over_100: false,
    name: isBlock ? "" : `Поле ${next}`,
    label_data: "",
    mandatory_filling: false,
    not_empty: false,
    type_form_element: null,
    place_holder: "",
    order: next,
    form_header: "",
    conclusion: "",
    ...partial,
  };
}
