// The losses page's threshold, in % of the input, kept in the URL (?threshold=6).

export const DEFAULT_LOSS_THRESHOLD = 6;

/** The threshold in `text` (a number 0–100, comma or point), else the default. */
export function parseThreshold(text: string | null): number {
  if (text === null || text.trim() === "") return DEFAULT_LOSS_THRESHOLD;
  const value = Number(text.replace(",", "."));
  return Number.isFinite(value) && value >= 0 && value <= 100 ? value : DEFAULT_LOSS_THRESHOLD;
}
