import type { PowerEnergySite } from "@nadoy/contract/monitoring";

// Losses of a substation per bucket (HERD.md "Energy"): energy into it (its input meter) minus
// the sum of its metered feeders, in kWh and as a share of the input.

export interface LossRow {
  bucket: string;
  input: number;
  feeders: number;
  loss: number;
  /** Of the input, %; null when nothing came in. */
  percent: number | null;
}

export interface SubstationLosses {
  substationId: number;
  rows: LossRow[];
  total: LossRow;
}

function row(bucket: string, input: number, feeders: number): LossRow {
  const loss = input - feeders;
  return { bucket, input, feeders, loss, percent: input > 0 ? (loss / input) * 100 : null };
}

/** Per substation with an input meter: each bucket's input, Σ feeders and losses, and the period's. */
export function substationLosses(site: PowerEnergySite): SubstationLosses[] {
  const ids = [...new Set(site.meters.filter((m) => m.role === "input").map((m) => m.substation_id))];
  return ids.flatMap((id) => {
    if (id === null) return [];
    const meters = site.meters.filter((m) => m.substation_id === id);
    const input = meters.filter((m) => m.role === "input");
    const feeders = meters.filter((m) => m.role === "feeder");
    const at = (list: typeof meters, i: number) => list.reduce((total, m) => total + (m.kwh[i] ?? 0), 0);
    const rows = site.buckets.map((bucket, i) => row(bucket, at(input, i), at(feeders, i)));
    const total = row(
      "",
      rows.reduce((t, r) => t + r.input, 0),
      rows.reduce((t, r) => t + r.feeders, 0),
    );
    return [{ substationId: id, rows, total }];
  });
}
