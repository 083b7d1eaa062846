import { FARM_TIMEZONES } from "@nadoy/contract/business";

type FarmTimezone = (typeof FARM_TIMEZONES)[number];

/** The zones of FARM_TIMEZONES in Russian with their offsets (Russia keeps no summer time). */
const TIMEZONE_NAMES: Record<FarmTimezone, string> = {
  "Europe/Kaliningrad": "Калининград (UTC+2)",
  "Europe/Moscow": "Москва (UTC+3)",
  "Europe/Samara": "Самара (UTC+4)",
  "Asia/Yekaterinburg": "Екатеринбург (UTC+5)",
  "Asia/Omsk": "Омск (UTC+6)",
  "Asia/Novosibirsk": "Новосибирск (UTC+7)",
  "Asia/Krasnoyarsk": "Красноярск (UTC+7)",
  "Asia/Irkutsk": "Иркутск (UTC+8)",
  "Asia/Yakutsk": "Якутск (UTC+9)",
  "Asia/Vladivostok": "Владивосток (UTC+10)",
  "Asia/Magadan": "Магадан (UTC+11)",
  "Asia/Kamchatka": "Камчатка (UTC+12)",
};

export const DEFAULT_TIMEZONE: FarmTimezone = "Europe/Moscow";

const isFarmTimezone = (zone: string): zone is FarmTimezone => (FARM_TIMEZONES as readonly string[]).includes(zone);

/** «Москва (UTC+3)»; a zone outside the list as it is. */
export function timezoneName(zone: string): string {
  return isFarmTimezone(zone) ? TIMEZONE_NAMES[zone] : zone;
}

/** The select's options: every offered zone, and `current` too when it is another one. */
export function timezoneOptions(current?: string): { value: string; label: string }[] {
  const zones: string[] = [...FARM_TIMEZONES];
  if (current && !isFarmTimezone(current)) zones.push(current);
  return zones.map((zone) => ({ value: zone, label: timezoneName(zone) }));
}
