import type { TakenInput } from "@nadoy/contract/form-input";
import { useState } from "react";
import type { FieldProps } from "./types.ts";

/** How a typed-number field treats its text (contract form-input.ts gives each type's rules). */
export interface InputRules {
  /** The text shown for a stored value. */
  textOf: (value: number | "") => string;
  /** What the field takes of what was typed or pasted, and what it refuses. */
  take: (text: string) => TakenInput;
  /** The hint shown under the field when something was refused. */
  refusedHint: (refused: string) => string;
  /** The text kept on leaving the field. */
  onBlurText: (text: string) => string;
  /** The stored value of a (sanitised) text. */
  valueOf: (text: string) => number | "";
}

/**
 * A text input typed by rules: only what `take` keeps can be typed, and whatever it refuses is
 * named in a hint under the field (never dropped silently); the value follows the text while
 * typing, and on blur the text becomes what the rules keep (spec §5 number and percent inputs).
 */
export function RuleInput({
  rules,
  id,
  value,
  onChange,
  placeholder,
  disabled,
  invalid,
  ariaLabel,
}: FieldProps<number | ""> & { rules: InputRules }) {
  const [text, setText] = useState(() => rules.textOf(value));
  const [refused, setRefused] = useState("");
  const hintId = `${id}-hint`;
  return (
    <>
      <input
        id={id}
        className="nf-input"
        type="text"
        inputMode="decimal"
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-label={ariaLabel}
        aria-describedby={refused ? hintId : undefined}
        onChange={(event) => {
          const taken = rules.take(event.target.value);
          setText(taken.text);
          setRefused(taken.refused);
          onChange(rules.valueOf(taken.text));
        }}
        onBlur={() => {
          // The hint stays until the next edit: removing it here would move what is below the field
          // (the Send button) between a press and its release, and the click would be lost.
          setText(rules.onBlurText(text));
          onChange(rules.valueOf(text));
        }}
      />
      {refused && (
        <div id={hintId} className="nf-input-hint" role="status">
          {rules.refusedHint(refused)}
        </div>
      )}
    </>
  );
}
