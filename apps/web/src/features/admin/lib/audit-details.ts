/** One changed key of an entry's {before, after}. */
export interface AuditChange {
  key: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as a short text: «—» for nothing, да/нет for flags, JSON for lists and objects. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "да" : "нет";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/**
 * The changed keys of details shaped {before, after} (either may be null: created, deleted), in
 * the order they first appear; null for any other details (shown as JSON instead).
 */
export function auditChanges(details: unknown): AuditChange[] | null {
  if (!isRecord(details) || !("before" in details) || !("after" in details)) return null;
  const { before, after } = details;
  if ((before !== null && !isRecord(before)) || (after !== null && !isRecord(after))) return null;
  const was = before ?? {};
  const now = after ?? {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys
    .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]))
    .map((key) => ({ key, before: valueText(was[key]), after: valueText(now[key]) }));
}
