import {
  percentOnBlur,
  percentText,
  percentValue,
  refusedInputHint,
  takePercentInput,
} from "@nadoy/contract/form-input";
import { type InputRules, RuleInput } from "./RuleInput.tsx";
import type { FieldProps } from "./types.ts";

/**
 * Spec §5 "Percent input": digits with one optional comma; the value is the float of the text
 * (comma read as a dot), "" for an empty text or a lone comma; a trailing comma goes on blur.
 */
const PERCENT_RULES: InputRules = {
  textOf: percentText,
  take: takePercentInput,
  refusedHint: (refused) => refusedInputHint("percent", refused),
  onBlurText: percentOnBlur,
  valueOf: percentValue,
};

export function PercentField(props: FieldProps<number | "">) {
  return <RuleInput rules={PERCENT_RULES} {...props} />;
}
