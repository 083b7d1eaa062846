import type { PowerEnergySite } from "@nadoy/contract/monitoring";

// What a site used per bucket (HERD.md "Energy"): its substations' input meters and the meters of
// no substation — the feeders are already inside their input. The power overview's day chart and
// the hours page's previous period show it.

/** kWh per bucket of `site`; null where none of the counted meters read anything (no data, not 0). */
export function siteConsumption(site: PowerEnergySite): (number | null)[] {
  const counted = site.meters.filter((m) => m.role === "input" || m.substation_id === null);
  const missing = counted.map((m) => new Set(m.missing));
  return site.buckets.map((_, i) => {
    const read = counted.filter((_, k) => !missing[k]?.has(i));
    return read.length === 0 ? null : read.reduce((total, m) => total + (m.kwh[i] ?? 0), 0);
  });
}

/** The sum of the buckets with data; null when none has. */
export function knownTotal(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}
