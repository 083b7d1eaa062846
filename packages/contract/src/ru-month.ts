// Month names as the app writes them in Russian, shared by the server (reports) and the web app.

export const RU_MONTHS = [
  "январь",
  "февраль",
  "март",
  "апрель",
  "май",
  "июнь",
  "июль",
  "август",
  "сентябрь",
  "октябрь",
  "ноябрь",
  "декабрь",
] as const;

/** "2026-11" or "2026-11-23" → «ноябрь 2026»; null when it is not such a date. */
export function ruMonthYear(value: string): string | null {
  const [year, month] = value.split("-");
  const name = RU_MONTHS[Number(month) - 1];
  return year && name ? `${name} ${year}` : null;
}
