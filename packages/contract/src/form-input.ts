// ---- what a number or percent field accepts while typing, and what it keeps on blur (spec §5) ----
// Pure functions shared by the public form, the form preview and the list grid's editors.

/**
 * Spec §5 "Number input": only an optional minus (first), digits and one dot survive; anything
 * else typed or pasted is dropped. "a-1.2.3" → "-1.23".
 */
export function sanitizeNumberInput(text: string): string {
  let out = "";
  let dot = false;
  for (const ch of text) {
    if (ch >= "0" && ch <= "9") out += ch;
    else if (ch === "-" && out === "") out = "-";
    else if (ch === "." && !dot) {
      dot = true;
      out += ".";
    }
  }
  return out;
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

/**
 * Spec §5 "Percent input": digits with one optional comma as the decimal mark. A dot typed on a
 * keypad counts as the comma; every other character is dropped. "12.5%" → "12,5".
 */
export function sanitizePercentInput(text: string): string {
  let out = "";
  let comma = false;
  for (const ch of text) {
    if (ch >= "0" && ch <= "9") out += ch;
    else if ((ch === "," || ch === ".") && !comma) {
      comma = true;
      out += ",";
    }
  }
  return out;
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
