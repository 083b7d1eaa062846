import { FARM_TIMEZONES } from "@nadoy/contract/business";
import { zoneCity, zoneOffsetText } from "../../../shared/lib/zone-text.ts";

type FarmTimezone = (typeof FARM_TIMEZONES)[number];

export const DEFAULT_TIMEZONE: FarmTimezone = "Europe/Moscow";

const isFarmTimezone = (zone: string): zone is FarmTimezone => (FARM_TIMEZONES as readonly string[]).includes(zone);

/** «Москва (UTC+3)» (shared/lib/zone-text.ts; Russia keeps no summer time); a zone outside the list as it is. */
export function timezoneName(zone: string): string {
  return isFarmTimezone(zone) ? `${zoneCity(zone)} (${zoneOffsetText(zone)})` : zone;
}

/** The select's options: every offered zone, and `current` too when it is another one. */
export function timezoneOptions(current?: string): { value: string; label: string }[] {
  const zones: string[] = [...FARM_TIMEZONES];
  if (current && !isFarmTimezone(current)) zones.push(current);
  return zones.map((zone) => ({ value: zone, label: timezoneName(zone) }));
}
