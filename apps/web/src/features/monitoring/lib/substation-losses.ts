import type { PowerEnergySite } from "@nadoy/contract/monitoring";

// Losses of a substation per bucket (HERD.md "Energy"): energy into it (its input meter) minus
// the sum of its metered feeders, in kWh and as a share of the input. A bucket where a meter read
// nothing (the answer's `missing`) has no figure for it — no data, not 0 kWh.

/** What a page shows for a figure of a bucket or period without data. */
export const NO_DATA = "нет данных";

export interface LossRow {
  bucket: string;
  /** kWh in; null when the input meter read nothing in the bucket. */
  input: number | null;
  /** Σ feeders' kWh; null unless every feeder read in the bucket. */
  feeders: number | null;
  /** Null unless both input and feeders are known. */
  loss: number | null;
  /** Of the input, %; null when nothing came in or the loss is unknown. */
  percent: number | null;
}

export interface SubstationLosses {
  substationId: number;
  rows: LossRow[];
  /** The period's: the buckets with a loss figure (input and feeders known) summed; all null when none has. */
  total: LossRow;
}

function row(bucket: string, input: number | null, feeders: number | null): LossRow {
  const loss = input === null || feeders === null ? null : input - feeders;
  return {
    bucket,
    input,
    feeders,
    loss,
    percent: loss !== null && input !== null && input > 0 ? (loss / input) * 100 : null,
  };
}

/** Per substation with an input meter: each bucket's input, Σ feeders and losses, and the period's. */
export function substationLosses(site: PowerEnergySite): SubstationLosses[] {
  const ids = [...new Set(site.meters.filter((m) => m.role === "input").map((m) => m.substation_id))];
  return ids.flatMap((id) => {
    if (id === null) return [];
    const meters = site.meters.filter((m) => m.substation_id === id);
    const missing = new Map(meters.map((m) => [m.series_id, new Set(m.missing)]));
    const input = meters.filter((m) => m.role === "input");
    const feeders = meters.filter((m) => m.role === "feeder");
    const at = (list: typeof meters, i: number) =>
      list.some((m) => missing.get(m.series_id)?.has(i)) ? null : list.reduce((total, m) => total + (m.kwh[i] ?? 0), 0);
    const rows = site.buckets.map((bucket, i) => row(bucket, at(input, i), at(feeders, i)));
    const known = rows.filter((r) => r.loss !== null);
    const total =
      known.length === 0
        ? row("", null, null)
        : row(
            "",
            known.reduce((t, r) => t + (r.input ?? 0), 0),
            known.reduce((t, r) => t + (r.feeders ?? 0), 0),
          );
    return [{ substationId: id, rows, total }];
  });
}
