const MONTHS = [
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

/** "2026-11-23" → «ноябрь 2026» (spec §2 About: "version {ip} (April 2024)"). */
export function releaseMonth(isoDate: string): string {
  const [year, month] = isoDate.split("-");
  const name = MONTHS[Number(month) - 1];
  if (!year || !name) throw new Error(`Not a YYYY-MM-DD date: ${isoDate}`);
  return `${name} ${year}`;
}
