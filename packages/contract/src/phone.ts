// ---- a phone number as the lists store it: one rule for the grid, imports and the public form ----

/** What is left out of a typed phone: spaces, dashes, brackets and dots. */
const PHONE_PUNCTUATION = /[\s\-().]/g;
/** "+" and 7–15 digits (E.164). */
const E164_RE = /^\+\d{7,15}$/;
/** A Russian number (+7) has exactly ten digits after the 7. */
const RUSSIAN_RE = /^\+7\d{10}$/;

/**
 * A phone as typed → its stored form. Punctuation goes; a Russian number typed the usual way
 * without «+7» gets it: «8 916 123-45-67», «8(916)123-45-67», «7 916 …» and «916 123 45 67» all
 * become «+79161234567». Anything else keeps its digits and plus as typed (the rule then judges it).
 */
export function normalizePhone(value: string): string {
  const compact = value.replace(PHONE_PUNCTUATION, "");
  if (/^8\d{10}$/.test(compact)) return `+7${compact.slice(1)}`;
  if (/^7\d{10}$/.test(compact)) return `+${compact}`;
  if (/^\d{10}$/.test(compact)) return `+7${compact}`;
  return compact;
}

/** A stored phone the lists accept: E.164, and a +7 number with exactly ten digits after the 7. */
export function isValidPhone(phone: string): boolean {
  return E164_RE.test(phone) && (!phone.startsWith("+7") || RUSSIAN_RE.test(phone));
}

/** «+79161234567» → «+7 916 123-45-67» (display only; other countries: «+» and the digits as stored). */
export function formatPhoneRu(phone: string): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+7 ${m[1]} ${m[2]}-${m[3]}-${m[4]}` : phone;
}
