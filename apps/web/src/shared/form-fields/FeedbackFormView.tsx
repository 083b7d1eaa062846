import { type FormFieldRule, FormValueText, type StoredValue, validateFormValues } from "@nadoy/contract/form-values";
import type { FormElement } from "@nadoy/contract/table-lists";
import { useId, useMemo, useState } from "react";
import { useTheme } from "../hooks/use-theme.ts";
import { emptyValue, FormField } from "./FormField.tsx";
import "./form-fields.css";
import { LinkBlock } from "./LinkBlock.tsx";
import { FormText } from "./placeholders.ts";
import { TextBlock } from "./TextBlock.tsx";
import { useLightToast } from "./Toast.tsx";
import { type FieldValue, isFieldElement } from "./types.ts";
import { type TagOptionsByColumn, useTagOptions } from "./use-tag-options.ts";

/**
 * public: the page a visitor fills in; preview: the builder's live preview (no Send, spec §2);
 * editor: the fields shown disabled (spec §5 "Editor context").
 */
export type FormViewMode = "public" | "preview" | "editor";

export interface FeedbackFormViewProps {
  elements: readonly FormElement[];
  mode: FormViewMode;
  /** Known options of tag and select fields (the builder); without them they are loaded (spec §7). */
  tagOptions?: TagOptionsByColumn;
  /** A valid submission: column_uuid → value in its stored form. Called once; not awaited (spec §4). */
  onSubmit?: (formData: Record<string, StoredValue>) => void;
}

/** Spec §2: the header is the first element's form_header, the conclusion its conclusion. */
export function formHeader(elements: readonly FormElement[]): string {
  return elements[0]?.form_header.trim() || FormText.defaultHeader;
}

export function formConclusion(elements: readonly FormElement[]): string {
  return elements[0]?.conclusion.trim() || FormText.defaultConclusion;
}

type Notice = { title: string; text: string } | null;

/**
 * The feedback form (spec §2, §4, §5): its elements by `order`, the header, the fields, text and
 * link blocks, and Send. Send checks the values with the contract's rules (the server's own);
 * on failure an info notice and nothing sent, otherwise `onSubmit` and at once the conclusion.
 */
export function FeedbackFormView({ elements, mode, tagOptions, onSubmit }: FeedbackFormViewProps) {
  const theme = useTheme();
  const baseId = useId();
  const ordered = useMemo(() => [...elements].sort((a, b) => a.order - b.order), [elements]);
  const { toast, show } = useLightToast();
  const options = useTagOptions(ordered, tagOptions, () => show());
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [sent, setSent] = useState(false);

  const currentValue = (uuid: string, type: Parameters<typeof emptyValue>[0]) => values[uuid] ?? emptyValue(type);

  // Only the Send button sends (never Enter in a field: a date picker confirming a date, a text).
  const send = () => {
    if (mode !== "public") return;
    const fields: FormFieldRule[] = ordered.filter(isFieldElement).map((element) => ({
      column_uuid: element.column_uuid,
      type: element.type,
      mandatory_filling: element.mandatory_filling,
      not_empty: element.not_empty,
      options: options[element.column_uuid] ?? [],
      percent_over_100: element.percent_over_100,
    }));
    const data: Record<string, FieldValue> = {};
    for (const field of fields) data[field.column_uuid] = currentValue(field.column_uuid, field.type);
    const result = validateFormValues(fields, data);
    if (!result.ok) {
      setErrors(result.errors);
      const unfilled = Object.values(result.errors).some(
        (text) => text === FormValueText.mandatory || text === FormValueText.blank,
      );
      setNotice({ title: FormValueText.noticeTitle, text: unfilled ? FormValueText.noticeText : FormText.checkFields });
      return;
    }
    setErrors({});
    setNotice(null);
    onSubmit?.(result.values);
    setSent(true);
  };

  const className = `nf-form${theme === "black" ? " nf-dark" : ""}`;
  const header = formHeader(ordered);

  if (sent) {
    return (
      <div className={className} data-testid="feedback-form">
        <h1 className="nf-header">{header}</h1>
        <p className="nf-conclusion" role="status">
          {formConclusion(ordered)}
        </p>
      </div>
    );
  }

  return (
    <form
      className={className}
      data-testid="feedback-form"
      onSubmit={(event) => event.preventDefault()}
      noValidate
      aria-label={header}
    >
      <h1 className="nf-header">{header}</h1>
      {notice && <ErrorNotice title={notice.title} text={notice.text} />}
      {ordered.map((element, index) => {
        const key = element.column_uuid ?? `block-${index}`;
        if (element.type_form_element === "text_block") {
          return (
            <div className="nf-item" key={key}>
              <TextBlock html={element.label_data} />
            </div>
          );
        }
        if (element.type_form_element === "link_block") {
          return (
            <div className="nf-item" key={key}>
              <LinkBlock url={element.label_data} text={element.place_holder} />
            </div>
          );
        }
        if (!isFieldElement(element)) return null;
        const uuid = element.column_uuid;
        return (
          <FormField
            key={key}
            id={`${baseId}-${uuid}`}
            element={element}
            value={currentValue(uuid, element.type)}
            onChange={(value) => {
              setValues((current) => ({ ...current, [uuid]: value }));
              if (errors[uuid]) setErrors(({ [uuid]: _gone, ...rest }) => rest);
            }}
            options={options[uuid] ?? []}
            disabled={mode === "editor"}
            error={errors[uuid]}
          />
        );
      })}
      {mode !== "preview" && (
        <button type="button" className="nf-button" disabled={mode === "editor"} onClick={send}>
          {FormText.send}
        </button>
      )}
      {toast}
    </form>
  );
}

/** antd's error Alert with a description (the look the app's errors have), without antd. */
function ErrorNotice({ title, text }: { title: string; text: string }) {
  return (
    <div className="nf-notice" role="alert">
      <svg className="nf-notice-icon" viewBox="64 64 896 896" fill="currentColor" aria-hidden="true">
        <path d="M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm165.4 618.2l-66-.3L512 563.4l-99.3 118.4-66.1.3c-4.4 0-8-3.5-8-8 0-1.9.7-3.7 1.9-5.2l130.1-155L340.5 359a8.32 8.32 0 01-1.9-5.2c0-4.4 3.6-8 8-8l66.1.3L512 464.6l99.3-118.4 66-.3c4.4 0 8 3.5 8 8 0 1.9-.7 3.7-1.9 5.2L553.5 514l130 155c1.2 1.5 1.9 3.3 1.9 5.2 0 4.4-3.6 8-8 8z" />
      </svg>
      <div>
        <strong className="nf-notice-title">{title}</strong>
        {text}
      </div>
    </div>
  );
}
