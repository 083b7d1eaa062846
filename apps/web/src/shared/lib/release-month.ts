import { ruMonthYear } from "@nadoy/contract/ru-month";

/** "2026-11-23" → «ноябрь 2026» (spec §2 About: "version {ip} (April 2024)"). */
export function releaseMonth(isoDate: string): string {
  const name = ruMonthYear(isoDate);
  if (!name) throw new Error(`Not a YYYY-MM-DD date: ${isoDate}`);
  return name;
}
