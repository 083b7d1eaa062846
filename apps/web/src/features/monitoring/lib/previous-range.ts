import type { Range } from "./site-time.ts";

/** The range of equal length just before `range`. */
export function previousRange(range: Range): Range {
  const from = Date.parse(range.from);
  const ms = Date.parse(range.to) - from;
  return { from: new Date(from - ms).toISOString(), to: new Date(from).toISOString() };
}
