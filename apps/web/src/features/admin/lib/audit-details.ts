import { ROLE_NAMES, type RoleId } from "@nadoy/contract/roles";
import dayjs from "dayjs";
import { AUDIT_HIDDEN_KEYS, auditFieldLabel } from "./audit-fields.ts";

/** One changed field of an entry's {before, after}, by its Russian label. */
export interface AuditChange {
  key: string;
  label: string;
  before: string;
  after: string;
}

/** One fact of an entry that is no change (a failed login's username, an e-mail's new address). */
export interface AuditFact {
  key: string;
  label: string;
  value: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A listed item as a person reads it: its name or title (an attachment, a report), never its uuid. */
function itemText(item: unknown): string {
  if (isRecord(item)) {
    const named = item.name ?? item.title ?? item.company_code;
    if (typeof named === "string") return named;
    return recordText(item);
  }
  return valueText(item);
}

function recordText(record: Record<string, unknown>): string {
  const shown = Object.entries(record).filter(([key]) => !AUDIT_HIDDEN_KEYS.has(key));
  return shown.map(([key, value]) => `${auditFieldLabel(key)}: ${valueText(value)}`).join("; ");
}

/**
 * A value as a short text: «—» for nothing, да/нет for flags, local DD.MM.YYYY HH:mm for moments,
 * lists by their items' names, objects as «Поле: значение»; a bare uuid is no text for a person.
 */
export function valueText(value: unknown, key?: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "да" : "нет";
  if (key === "role" && typeof value === "number") return ROLE_NAMES[value as RoleId] ?? "—";
  if (key === "roles" && Array.isArray(value)) {
    return value.map((role) => ROLE_NAMES[role as RoleId] ?? "—").join(", ") || "—";
  }
  if (key === "audience" && isRecord(value)) return audienceText(value);
  if (key === "fields" && Array.isArray(value)) return value.map((field) => auditFieldLabel(String(field))).join(", ");
  if (typeof value === "string") {
    if (UUID.test(value)) return "—";
    return ISO_MOMENT.test(value) ? dayjs(value).format("DD.MM.YYYY HH:mm") : value;
  }
  if (typeof value === "number") return value.toLocaleString("ru-RU");
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map(itemText).join(", ");
  if (isRecord(value)) return recordText(value) || "—";
  return String(value);
}

function audienceText(audience: Record<string, unknown>): string {
  if (audience.kind === "all") return "все";
  if (audience.kind === "companies") return `компании: ${valueText(audience.companies)}`;
  if (audience.kind === "roles") return `роли: ${valueText(audience.roles, "roles")}`;
  return recordText(audience);
}

/** `modules` changes switch by switch («Доски задач: нет → да»), like any other field. */
function flatten(side: Record<string, unknown>): Record<string, unknown> {
  const { modules, ...rest } = side;
  return isRecord(modules) ? { ...rest, ...modules } : side;
}

/**
 * The changed fields of details shaped {before, after} (either may be null: created, deleted), in
 * the order they first appear, internal ids left out; an announcement's texts as one change; null
 * for any other details (shown as facts instead).
 */
export function auditChanges(details: unknown): AuditChange[] | null {
  if (!isRecord(details) || !("before" in details) || !("after" in details)) return null;
  const { before, after } = details;
  const isText = (side: unknown) => side === null || typeof side === "string";
  if (isText(before) && isText(after) && (before !== null || after !== null)) {
    return [{ key: "text", label: auditFieldLabel("text"), before: valueText(before), after: valueText(after) }];
  }
  if ((before !== null && !isRecord(before)) || (after !== null && !isRecord(after))) return null;
  const was = flatten(before ?? {});
  const now = flatten(after ?? {});
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((key) => !AUDIT_HIDDEN_KEYS.has(key));
  return keys
    .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]))
    .map((key) => ({
      key,
      label: auditFieldLabel(key),
      before: valueText(was[key], key),
      after: valueText(now[key], key),
    }));
}

/** The facts of details that are no {before, after}: each shown field by its label, ids left out. */
export function auditFacts(details: unknown): AuditFact[] {
  if (!isRecord(details)) return [];
  return Object.entries(details)
    .filter(([key]) => !AUDIT_HIDDEN_KEYS.has(key))
    .map(([key, value]) => ({ key, label: auditFieldLabel(key), value: valueText(value, key) }));
}
