import { useState } from "react";
import { type QuickRange, quickDays, quickRange, type Range } from "../lib/site-time.ts";
import type { RangePick } from "./RangeBar.tsx";
import { useMonitoringLive } from "./use-monitoring-live.ts";

/**
 * The range a page shows: a quick pick fixed when it is picked (so the query does not change at
 * every render), or a custom one. Starts at «Сегодня» in the site's zone. New readings of the
 * database (useMonitoringLive) move a quick range to now and refetch; a custom range refetches.
 * `days`: a page of whole local days (kWh or losses by day), whose quick ranges start at a local
 * midnight (quickDays) — a range starting mid-day would bring that whole first day.
 */
export function useSiteRange(timeZone: string, initial: RangePick, dbUuid: string, days = false) {
  const quick = (pick: QuickRange, zone: string) => (days ? quickDays(pick, zone) : quickRange(pick, zone));
  const [state, setState] = useState<{ pick: RangePick; range: Range; zone: string }>(() => ({
    pick: initial,
    range: quick(initial === "custom" ? "today" : initial, timeZone),
    zone: timeZone,
  }));
  useMonitoringLive(dbUuid, () => setState((s) => (s.pick === "custom" ? s : { ...s, range: quick(s.pick, s.zone) })));
  // The site's zone arrives with the catalog: a quick range is recomputed in it.
  if (state.zone !== timeZone && state.pick !== "custom") {
    setState({ pick: state.pick, range: quick(state.pick, timeZone), zone: timeZone });
  }
  return {
    pick: state.pick,
    range: state.range,
    setPick: (pick: RangePick) =>
      setState((s) => ({ pick, range: pick === "custom" ? s.range : quick(pick, timeZone), zone: timeZone })),
    setCustom: (range: Range) => setState({ pick: "custom", range, zone: timeZone }),
  };
}
