/** The three Russian word forms for counts: for 1 (одно), for 2 (два), for 5 (пять). */
export type RuPluralForms = readonly [one: string, few: string, many: string];

/**
 * Picks the Russian word form for a count (spec §9 "plural helper"):
 * `pluralRu(n, ["уведомление", "уведомления", "уведомлений"])`.
 * - 1, 21, 101, 1001 → one («21 уведомление»); but 11, 111 → many
 * - 2–4, 22–24, 102 → few («3 уведомления»); but 12–14, 112–114 → many
 * - 0, 5–20, 25–30, 111 → many («11 уведомлений»)
 * - negatives take the form of their absolute value («−1 уведомление»)
 * - fractions take the few form, as Russian reads them with «целых/десятых» («1,5 уведомления»)
 * - NaN and ±Infinity take the many form
 */
export function pluralRu(n: number, forms: RuPluralForms): string {
  const [one, few, many] = forms;
  const abs = Math.abs(n);
  if (!Number.isFinite(abs)) return many;
  if (!Number.isInteger(abs)) return few;
  const lastTwo = abs % 100;
  const last = abs % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}
