import type { ColumnType, StoredValue, TagOption } from "@nadoy/contract/form-values";
import { formatCell, parseCell } from "@nadoy/contract/list-cells";

// ---- column rules without SQL: options, and what a column change does to one cell ----

export interface OptionInput {
  name: string;
  color: string;
  previous_name?: string | undefined;
}

export const hasOptions = (type: ColumnType) => type === "tag" || type === "select";

/**
 * The options a column of this type keeps ([] unless tag or select), and errors keyed
 * `options.<index>.name` for a name given twice (letter case ignored, as imports match names).
 */
export function normalizeOptions(
  type: ColumnType,
  inputs: readonly OptionInput[],
): { options: TagOption[]; errors: Record<string, string> } {
  if (!hasOptions(type)) return { options: [], errors: {} };
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  const options: TagOption[] = [];
  inputs.forEach((input, i) => {
    const key = input.name.toLowerCase();
    if (seen.has(key)) errors[`options.${i}.name`] = "Такой вариант уже есть";
    seen.add(key);
    options.push({ name: input.name, color: input.color });
  });
  return { options, errors };
}

/**
 * Old option name → the option it becomes. An input with `previous_name` renames (or recolours)
 * that option; one without keeps the option of the same name. Old options nobody claims are removed.
 */
export function optionMapping(old: readonly TagOption[], inputs: readonly OptionInput[]): Map<string, TagOption> {
  const mapping = new Map<string, TagOption>();
  for (const input of inputs) {
    const source = input.previous_name ?? input.name;
    if (mapping.has(source) || !old.some((o) => o.name === source)) continue;
    mapping.set(source, { name: input.name, color: input.color });
  }
  return mapping;
}

const isTag = (v: unknown): v is TagOption =>
  typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as TagOption).name === "string";

/** A tag or select cell under the new options; null when nothing of it is left (the cell empties). */
export function remapOptionCell(value: unknown, mapping: Map<string, TagOption>): StoredValue | null {
  if (isTag(value)) return mapping.get(value.name) ?? null;
  if (!Array.isArray(value)) return null;
  const picked: TagOption[] = [];
  for (const item of value) {
    const next = isTag(item) ? mapping.get(item.name) : undefined;
    if (next && !picked.some((p) => p.name === next.name)) picked.push(next);
  }
  return picked.length > 0 ? picked : null;
}

export interface ColumnShape {
  type: ColumnType;
  options: readonly TagOption[];
  /** Percent columns: values above PERCENT_MAX are taken (a change to percent reads cells so). */
  percent_over_100?: boolean;
}

export type ConvertedCell = { ok: true; value: StoredValue | null } | { ok: false };

/**
 * One cell through a column change: first the option mapping (when options change on a tag or
 * select column), then — when the type changes — its text (formatCell) read back as the new type
 * (parseCell). null = the cell becomes empty.
 */
export function convertCell(
  before: ColumnShape,
  after: ColumnShape,
  value: unknown,
  mapping: Map<string, TagOption> | undefined,
): ConvertedCell {
  let current: unknown = value;
  if (mapping && hasOptions(before.type)) {
    current = remapOptionCell(current, mapping);
    if (current === null) return { ok: true, value: null };
  }
  if (before.type === after.type) return { ok: true, value: current as StoredValue };
  const text = formatCell({ type: before.type, options: after.options }, current);
  const parsed = parseCell(after, text);
  if (!parsed.ok) return { ok: false };
  return { ok: true, value: parsed.value === "" ? null : parsed.value };
}
