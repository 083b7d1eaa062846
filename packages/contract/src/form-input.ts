// ---- what a number or percent field accepts while typing, and what it keeps on blur (spec §5) ----
// Pure functions shared by the public form, the form preview and the list grid's editors.

/** What a number or percent field takes of a typed or pasted text, and what it refuses. */
export interface TakenInput {
  /** The text the field holds. */
  text: string;
  /** Every character that was not taken, in order ("" when all were); the field shows them (never silent). */
  refused: string;
}

/**
 * The one rule of every number and percent input (public form, preview, list grid): digits are
 * kept, a comma or a dot is the decimal mark (`mark` in the result; only the first one), a minus
 * only first and only where `minus` allows it. Everything else is refused, and said so.
 * "31,5" → "31.5"; "1 234,5" → "1234.5" refusing " ".
 */
export function takeDecimalInput(input: string, { mark, minus }: { mark: "." | ","; minus: boolean }): TakenInput {
  let text = "";
  let refused = "";
  let decimal = false;
  for (const ch of input) {
    if (ch >= "0" && ch <= "9") text += ch;
    else if (ch === "-" && minus && text === "") text = "-";
    else if ((ch === "," || ch === ".") && !decimal) {
      decimal = true;
      text += mark;
    } else refused += ch;
  }
  return { text, refused };
}

/** Spec §5 "Number input": an optional leading minus, digits and one dot; a comma is the dot. */
export const takeNumberInput = (text: string): TakenInput => takeDecimalInput(text, { mark: ".", minus: true });

/** Spec §5 "Percent input": digits and one comma; a dot is the comma. */
export const takePercentInput = (text: string): TakenInput => takeDecimalInput(text, { mark: ",", minus: false });

/** "a-1,2.3" → "-1.23" (what survives; `takeNumberInput` also says what was refused). */
export function sanitizeNumberInput(text: string): string {
  return takeNumberInput(text).text;
}

/** How refused characters are named to the user: «а», «%», пробел. */
function refusedNames(refused: string): string {
  const unique = [...new Set(refused)];
  return unique.map((ch) => (/\s/.test(ch) ? "пробел" : `«${ch}»`)).join(", ");
}

/** The hint under a number or percent field after something typed or pasted was refused. */
export function refusedInputHint(kind: "number" | "percent", refused: string): string {
  const allowed = kind === "number" ? "цифры, минус в начале и одну запятую" : "цифры и одну запятую";
  return `Можно вводить только ${allowed}; не принято: ${refusedNames(refused)}`;
}

/**
 * Spec §5: on leaving a number field the text becomes a float, or the field is cleared ("") when
 * it is not a number ("", "-", ".", "-.").
 */
export function numberOnBlur(text: string): number | "" {
  const clean = sanitizeNumberInput(text);
  if (!/\d/.test(clean)) return "";
  const value = Number.parseFloat(clean.startsWith(".") || clean.startsWith("-.") ? clean.replace(".", "0.") : clean);
  // "-0" is stored as 0: a minus zero would show as "0" and then compare unequal to itself.
  return Number.isFinite(value) ? value + 0 : "";
}

/** "-12.5%" → "12,5" (what survives; `takePercentInput` also says what was refused). */
export function sanitizePercentInput(text: string): string {
  return takePercentInput(text).text;
}

/**
 * The stored value of a percent field's text: a float (comma read as a dot), or "" for an empty
 * text or a lone comma (spec §5).
 */
export function percentValue(text: string): number | "" {
  const clean = sanitizePercentInput(text);
  if (clean === "" || clean === ",") return "";
  const value = Number.parseFloat((clean.startsWith(",") ? `0${clean}` : clean).replace(",", "."));
  return Number.isFinite(value) ? value : "";
}

/** Spec §5: on blur a trailing comma is dropped ("12," → "12"); a lone comma clears the field. */
export function percentOnBlur(text: string): string {
  const clean = sanitizePercentInput(text);
  if (clean === ",") return "";
  return clean.endsWith(",") ? clean.slice(0, -1) : clean;
}

/** How a stored percent is shown in its field: 12.5 → "12,5". */
export function percentText(value: number | ""): string {
  return value === "" ? "" : String(value).replace(".", ",");
}
