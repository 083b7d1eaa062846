/**
 * The simulation counts whole days since 1970-01-01 (UTC); text dates are made only for output.
 * Conversions are cached because a big herd formats the same few thousand days a million times.
 */
const MS_PER_DAY = 86_400_000;
const isoCache = new Map<number, string>();

/** Day number of an ISO date (YYYY-MM-DD). */
export function dayOfIso(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`not an ISO date: ${iso}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / MS_PER_DAY;
}

/** ISO date (YYYY-MM-DD) of a day number. */
export function isoOfDay(day: number): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    iso = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
    isoCache.set(day, iso);
  }
  return iso;
}

/** The same calendar day `years` earlier (29 February falls back to 1 March). */
export function yearsBefore(day: number, years: number): number {
  const date = new Date(day * MS_PER_DAY);
  return Date.UTC(date.getUTCFullYear() - years, date.getUTCMonth(), date.getUTCDate()) / MS_PER_DAY;
}

/** Day numbers of a given day of month, every month from `from` to `to` (both included). */
export function monthlyDays(from: number, to: number, dayOfMonth: number): number[] {
  const start = new Date(from * MS_PER_DAY);
  const days: number[] = [];
  for (let y = start.getUTCFullYear(), m = start.getUTCMonth(); ; m++) {
    const day = Date.UTC(y, m, dayOfMonth) / MS_PER_DAY;
    if (day > to) return days;
    if (day >= from) days.push(day);
  }
}
