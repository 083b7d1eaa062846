import { useState } from "react";
import { quickRange, type Range } from "../lib/site-time.ts";
import type { RangePick } from "./RangeBar.tsx";
import { useMonitoringLive } from "./use-monitoring-live.ts";

/**
 * The range a page shows: a quick pick fixed when it is picked (so the query does not change at
 * every render), or a custom one. Starts at «Сегодня» in the site's zone. New readings of the
 * database (useMonitoringLive) move a quick range to now and refetch; a custom range refetches.
 */
export function useSiteRange(timeZone: string, initial: RangePick, dbUuid: string) {
  const [state, setState] = useState<{ pick: RangePick; range: Range; zone: string }>(() => ({
    pick: initial,
    range: quickRange(initial === "custom" ? "today" : initial, timeZone),
    zone: timeZone,
  }));
  useMonitoringLive(dbUuid, () =>
    setState((s) => (s.pick === "custom" ? s : { ...s, range: quickRange(s.pick, s.zone) })),
  );
  // The site's zone arrives with the catalog: a quick range is recomputed in it.
  if (state.zone !== timeZone && state.pick !== "custom") {
    setState({ pick: state.pick, range: quickRange(state.pick, timeZone), zone: timeZone });
  }
  return {
    pick: state.pick,
    range: state.range,
    setPick: (pick: RangePick) =>
      setState((s) => ({ pick, range: pick === "custom" ? s.range : quickRange(pick, timeZone), zone: timeZone })),
    setCustom: (range: Range) => setState({ pick: "custom", range, zone: timeZone }),
  };
}
