import { numberOnBlur, refusedInputHint, takeNumberInput } from "@nadoy/contract/form-input";
import { type InputRules, RuleInput } from "./RuleInput.tsx";
import type { FieldProps } from "./types.ts";

const numberText = (value: number | "") => (value === "" ? "" : String(value));

/**
 * Spec §5 "Number input": only an optional minus, digits and one dot can be typed (a comma is
 * the dot; anything refused is named under the field); the value is
 * the float of the text (kept up to date while typing), and on leaving the field the text becomes
 * that float or is cleared.
 */
const NUMBER_RULES: InputRules = {
  textOf: numberText,
  take: takeNumberInput,
  refusedHint: (refused) => refusedInputHint("number", refused),
  onBlurText: (text) => numberText(numberOnBlur(text)),
  valueOf: numberOnBlur,
};

export function NumberField(props: FieldProps<number | "">) {
  return <RuleInput rules={NUMBER_RULES} {...props} />;
}
