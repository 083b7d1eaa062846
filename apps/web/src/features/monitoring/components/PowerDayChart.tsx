import type { PowerEnergySite } from "@nadoy/contract/monitoring";
import { siteConsumption } from "../lib/site-consumption.ts";
import { dayjs } from "../lib/site-time.ts";
import { CategoryChart } from "./CategoryChart.tsx";

// The power overview's chart: what the site used by local hour today, beside the same hours of
// yesterday (the previous period).

export interface DayHours {
  /** Local hours «00:00»…«23:00». */
  hours: string[];
  /** kWh per hour; null for an hour without data (or still to come). */
  today: (number | null)[];
  yesterday: (number | null)[];
}

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);

/**
 * The site's kWh by local hour of `today` (its local date, YYYY-MM-DD) and of the day before, from
 * hourly buckets covering both. The repeated hour of a clock change goes into its hour's slot.
 */
export function dayHours(site: PowerEnergySite, today: string): DayHours {
  const yesterday = dayjs(today).subtract(1, "day").format("YYYY-MM-DD");
  const days: Record<string, (number | null)[]> = {
    [today]: HOURS.map(() => null),
    [yesterday]: HOURS.map(() => null),
  };
  const kwh = siteConsumption(site);
  site.buckets.forEach((bucket, i) => {
    const local = dayjs(bucket).tz(site.time_zone);
    const day = days[local.format("YYYY-MM-DD")];
    const value = kwh[i];
    if (!day || value === null || value === undefined) return;
    day[local.hour()] = (day[local.hour()] ?? 0) + value;
  });
  return { hours: HOURS, today: days[today] ?? [], yesterday: days[yesterday] ?? [] };
}

export function PowerDayChart({ site, today }: { site: PowerEnergySite; today: string }) {
  const data = dayHours(site, today);
  return (
    <CategoryChart
      label={`Потребление по часам: ${site.name}`}
      categories={data.hours}
      series={[
        { name: "Сегодня", type: "bar", data: data.today },
        { name: "Вчера", type: "line", data: data.yesterday, previous: true },
      ]}
      unit="кВт·ч"
    />
  );
}
