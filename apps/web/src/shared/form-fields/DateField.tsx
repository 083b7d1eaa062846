import { lazy, Suspense } from "react";
import type { FieldProps } from "./types.ts";

const FormDatePicker = lazy(() => import("./FormDatePicker.tsx"));

/** «2026-02-01» → «01.02.2026», shown while the picker loads. */
const shownDate = (value: string) => value.replace(/^(\d{4})-(\d{2})-(\d{2})$/, "$3.$2.$1");

/**
 * A date field: the app's antd DatePicker (DD.MM.YYYY typed or picked, valued YYYY-MM-DD, spec §2),
 * loaded on demand so that a form without dates stays light. Until then a read-only look-alike.
 */
export function DateField(props: FieldProps<string>) {
  return (
    <Suspense
      fallback={
        <input
          id={props.id}
          className="nf-input"
          readOnly
          value={shownDate(props.value)}
          placeholder={props.placeholder}
          aria-label={props.ariaLabel}
        />
      }
    >
      <FormDatePicker {...props} />
    </Suspense>
  );
}
