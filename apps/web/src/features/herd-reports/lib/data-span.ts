import type { HerdDataset } from "@nadoy/contract/herd";
import dayjs from "dayjs";

/** The days a herd database's data covers: its first and last event or test day. */
export interface HerdDataSpan {
  from: string;
  to: string;
}

/**
 * Data older than this many days before the herd's «today» is warned of: a farm uploads at least
 * monthly, so two months without data means the figures of today describe a herd long gone.
 */
export const HERD_DATA_STALE_DAYS = 60;

/** The span of the events and test days together; null when the database holds neither. */
export function herdDataSpan(dataset: Pick<HerdDataset, "events" | "test_days">): HerdDataSpan | null {
  const froms = [dataset.events.from, dataset.test_days.from].filter((day): day is string => day !== null);
  const tos = [dataset.events.to, dataset.test_days.to].filter((day): day is string => day !== null);
  if (froms.length === 0 || tos.length === 0) return null;
  return { from: froms.sort()[0] ?? "", to: tos.sort().at(-1) ?? "" };
}

/** Whether a period overlaps the data at all. */
export function periodHasData(span: HerdDataSpan, period: { from: string; to: string }): boolean {
  return period.from <= span.to && period.to >= span.from;
}

/** The 12 months up to the data's last day (from its first day when it covers less). */
export function lastYearOfData(span: HerdDataSpan): { from: string; to: string } {
  const yearBefore = dayjs(span.to).subtract(12, "month").add(1, "day").format("YYYY-MM-DD");
  // ISO days order as strings: the later of the two.
  const from = [yearBefore, span.from].sort().at(-1) ?? span.from;
  return { from, to: span.to };
}
