import {
  formatSegmentRule,
  parseSegmentText,
  type SegmentCondition,
  type SegmentItem,
  type SegmentOp,
  SegmentTextError,
} from "@nadoy/contract/herd-segment-rule";

/** A text that did not parse: its message and the offset of the mistake. */
export interface RuleTextProblem {
  message: string;
  position: number;
}

/** The text's rule, or what is wrong with it (the contract's parser, in the browser). */
export function readRuleText(text: string) {
  try {
    return { rule: parseSegmentText(text), problem: null };
  } catch (error) {
    if (!(error instanceof SegmentTextError)) throw error;
    return { rule: null, problem: { message: error.message, position: error.position } };
  }
}

/** A condition's values as typed in its value box: `1,2` for a list, `32.5` for a number. */
export function valuesText(condition: SegmentCondition): string {
  const text = formatSegmentRule({ join: "and", items: [condition] });
  return text.slice(condition.item.length + condition.op.length);
}

/**
 * The values typed in a condition's box, read as the text parser reads `ITEM op values`; a text
 * item's words with spaces need no quotes here. Null when they do not read.
 */
export function readValues(item: SegmentItem, op: SegmentOp, typed: string): SegmentCondition["values"] | null {
  const attempts = [typed.trim(), `"${typed.trim()}"`];
  for (const attempt of attempts) {
    const read = readRuleText(`${item}${op}${attempt}`).rule?.items[0];
    if (read && "item" in read) return read.values;
  }
  return null;
}
