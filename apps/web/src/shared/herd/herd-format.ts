import dayjs from "dayjs";

// How herd figures read on every herd page and in the animal card: dates DD.MM.YYYY, numbers with
// Russian grouping, «—» for what the files did not give.

export const NONE = "—";

/** A YYYY-MM-DD day (or an ISO moment) as DD.MM.YYYY; «—» when absent. */
export function formatDay(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format("DD.MM.YYYY") : NONE;
}

/** A count or measure with Russian grouping and decimal comma («12 345», «28,4»); «—» when absent. */
export function formatNumber(value: number | null | undefined, fractionDigits = 0): string {
  if (value === null || value === undefined) return NONE;
  return value.toLocaleString("ru-RU", { maximumFractionDigits: fractionDigits });
}
