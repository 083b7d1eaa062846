import type { FormDefinition, FormElementInput, ListColumn } from "@nadoy/contract/lists";
import type { FormBlockType, FormElement } from "@nadoy/contract/table-lists";

/** One element as edited: a field (column_uuid) or a block (kind), with a key of its own for React. */
export interface DraftElement {
  key: string;
  column_uuid: string | null;
  type_form_element: FormBlockType | null;
  label_data: string;
  place_holder: string;
  mandatory_filling: boolean;
  not_empty: boolean;
}

export interface FormDraft {
  form_header: string;
  conclusion: string;
  elements: DraftElement[];
}

export interface FormDraftBody {
  form_header: string;
  conclusion: string;
  elements: FormElementInput[];
}

let keys = 0;
export const newKey = () => `el-${++keys}`;

export function draftFromDefinition(form: FormDefinition): FormDraft {
  return {
    form_header: form.form_header,
    conclusion: form.conclusion,
    elements: [...form.elements]
      .sort((a, b) => a.order - b.order)
      .map((element) => ({
        key: newKey(),
        column_uuid: element.column_uuid,
        type_form_element: element.type_form_element,
        label_data: element.label_data,
        place_holder: element.place_holder,
        mandatory_filling: element.mandatory_filling,
        not_empty: element.not_empty,
      })),
  };
}

/** The body of PUT .../form/: the elements in their order (the server numbers them). */
export function draftBody(draft: FormDraft): FormDraftBody {
  return {
    form_header: draft.form_header,
    conclusion: draft.conclusion,
    elements: draft.elements.map(({ key: _key, ...element }) => element),
  };
}

/** Whether two drafts would save the same form (element keys aside). */
export function sameDraft(a: FormDraft, b: FormDraft): boolean {
  return JSON.stringify(draftBody(a)) === JSON.stringify(draftBody(b));
}

export function fieldElement(column: ListColumn): DraftElement {
  return {
    key: newKey(),
    column_uuid: column.uuid,
    type_form_element: null,
    label_data: "",
    place_holder: "",
    mandatory_filling: false,
    not_empty: false,
  };
}

export function blockElement(kind: FormBlockType): DraftElement {
  return {
    key: newKey(),
    column_uuid: null,
    type_form_element: kind,
    label_data: kind === "link_block" ? "https://" : "",
    place_holder: "",
    mandatory_filling: false,
    not_empty: false,
  };
}

/** The element moved one place up (-1) or down (+1); unchanged at the ends. */
export function moveElement<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/**
 * The draft as the public page would get it (spec §3 form elements), for the live preview:
 * fields take their column's name and type; a field whose column is gone is left out.
 */
export function previewElements(draft: FormDraft, columns: readonly ListColumn[]): FormElement[] {
  const byUuid = new Map(columns.map((column) => [column.uuid, column]));
  const out: FormElement[] = [];
  draft.elements.forEach((element, order) => {
    const column = element.column_uuid ? byUuid.get(element.column_uuid) : undefined;
    if (element.column_uuid && !column) return;
    out.push({
      column_uuid: element.column_uuid,
      type: column?.type ?? null,
      percent_over_100: column?.percent_over_100 ?? false,
      name: column?.name ?? "",
      label_data: element.label_data,
      mandatory_filling: element.mandatory_filling,
      not_empty: element.not_empty,
      type_form_element: element.type_form_element,
      place_holder: element.place_holder,
      order,
      form_header: draft.form_header,
      conclusion: draft.conclusion,
    });
  });
  return out;
}

/** The public page of a published form. */
export function publicFormUrl(uuidLink: string, origin: string = window.location.origin): string {
  return `${origin}/form/${uuidLink}`;
}

/** `fields` of a 400 answer: "elements.3" → the element at index 3; other names as they are. */
export function elementErrors(fields: Record<string, string> | undefined): {
  byIndex: Map<number, string>;
  other: Record<string, string>;
} {
  const byIndex = new Map<number, string>();
  const other: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    const match = /^elements\.(\d+)/.exec(name);
    if (match)
      byIndex.set(
        Number(match[1]),
        byIndex.has(Number(match[1])) ? `${byIndex.get(Number(match[1]))} ${message}` : message,
      );
    else other[name] = message;
  }
  return { byIndex, other };
}
