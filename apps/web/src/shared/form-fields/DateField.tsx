import { lazy, Suspense, useState } from "react";
import type { FieldProps } from "./types.ts";

const FormDatePicker = lazy(() => import("./FormDatePicker.tsx"));

/** «2026-02-01» → «01.02.2026», shown until the picker is there. */
const shownDate = (value: string) => value.replace(/^(\d{4})-(\d{2})-(\d{2})$/, "$3.$2.$1");

/**
 * A date field: the app's antd DatePicker (DD.MM.YYYY typed or picked, valued YYYY-MM-DD, spec §2).
 * antd is ~135 KB gzipped, more than the rest of the public form page, so it is fetched only when
 * the visitor reaches for the field (pointer over it, or focus); until then a read-only look-alike
 * stands in, and a focused stand-in hands the focus to the picker.
 */
export function DateField(props: FieldProps<string>) {
  const [wanted, setWanted] = useState<"no" | "hover" | "focus">(props.value === "" ? "no" : "hover");
  const standIn = (
    <input
      id={props.id}
      className="nf-input"
      readOnly
      value={shownDate(props.value)}
      placeholder={props.placeholder}
      disabled={props.disabled}
      aria-label={props.ariaLabel}
      onPointerEnter={() => setWanted((w) => (w === "no" ? "hover" : w))}
      onFocus={() => setWanted("focus")}
    />
  );
  if (wanted === "no") return standIn;
  return (
    <Suspense fallback={standIn}>
      <FormDatePicker {...props} autoFocus={wanted === "focus"} />
    </Suspense>
  );
}
