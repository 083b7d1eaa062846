import {
  isSegmentGroup,
  SEGMENT_ITEMS,
  type SegmentCondition,
  type SegmentGroup,
  type SegmentItem,
  type SegmentOp,
} from "@nadoy/contract/herd-segment-rule";

// Editing the builder's tree: each change gives a new tree (React state), addressed by the path of
// indexes from the root group. The tree is kept as the user built it (a group of one condition
// stays a group); the text side shows it normalised (formatSegmentRule).

export type SegmentNode = SegmentGroup | SegmentCondition;
export type NodePath = readonly number[];

/** Text, status and event items compare by = and <> only (as the contract's parser checks). */
export function opsOf(item: SegmentItem): SegmentOp[] {
  const { type } = SEGMENT_ITEMS[item];
  return type === "integer" || type === "decimal" ? ["=", "<>", "<", "<=", ">", ">="] : ["=", "<>"];
}

const DEFAULT_VALUES: Record<(typeof SEGMENT_ITEMS)[SegmentItem]["type"], number | string> = {
  integer: 1,
  decimal: 30,
  text: "1",
  status: "MILKING",
  event: "FRESH",
};

/** A new condition on `item` that already holds a value, so the rule stays valid at every step. */
export function newCondition(item: SegmentItem = "LACT"): SegmentCondition {
  return { item, op: "=", values: [DEFAULT_VALUES[SEGMENT_ITEMS[item].type]] };
}

/** The condition after its item changed: the sign kept if the item allows it, the value reset. */
export function withItem(condition: SegmentCondition, item: SegmentItem): SegmentCondition {
  const op = opsOf(item).includes(condition.op) ? condition.op : "=";
  const fresh = newCondition(item);
  return { ...fresh, op };
}

/** The tree with the node at `path` replaced by `replace(node)` (or removed, when it gives null). */
export function changeNode(
  root: SegmentGroup,
  path: NodePath,
  replace: (node: SegmentNode) => SegmentNode | null,
): SegmentGroup {
  if (path.length === 0) {
    const next = replace(root);
    return next && isSegmentGroup(next) ? next : { join: "and", items: [] };
  }
  const [index, ...rest] = path as [number, ...number[]];
  const items: SegmentNode[] = [];
  root.items.forEach((child, at) => {
    if (at !== index) {
      items.push(child);
      return;
    }
    const next = rest.length === 0 ? replace(child) : isSegmentGroup(child) ? changeNode(child, rest, replace) : child;
    if (next) items.push(next);
  });
  return { ...root, items };
}

/** The group at `path` with one more node at its end. */
export function addToGroup(root: SegmentGroup, path: NodePath, node: SegmentNode): SegmentGroup {
  return changeNode(root, path, (group) =>
    isSegmentGroup(group) ? { ...group, items: [...group.items, node] } : group,
  );
}
