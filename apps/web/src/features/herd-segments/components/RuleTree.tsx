import { isSegmentGroup, type SegmentGroup } from "@nadoy/contract/herd-segment-rule";
import { Button, Card, Flex, Segmented, Typography } from "antd";
import { addToGroup, changeNode, type NodePath, newCondition, type SegmentNode } from "../lib/rule-tree.ts";
import { ConditionRow } from "./ConditionRow.tsx";

interface RuleTreeProps {
  rule: SegmentGroup;
  onChange: (rule: SegmentGroup) => void;
}

/** The rule as groups of conditions joined by И or ИЛИ; groups nest. */
export function RuleTree({ rule, onChange }: RuleTreeProps) {
  const edit = (path: NodePath, replace: (node: SegmentNode) => SegmentNode | null) =>
    onChange(changeNode(rule, path, replace));
  const add = (path: NodePath, node: SegmentNode) => onChange(addToGroup(rule, path, node));
  return <GroupEditor group={rule} path={[]} edit={edit} add={add} />;
}

interface GroupEditorProps {
  group: SegmentGroup;
  path: NodePath;
  edit: (path: NodePath, replace: (node: SegmentNode) => SegmentNode | null) => void;
  add: (path: NodePath, node: SegmentNode) => void;
}

function GroupEditor({ group, path, edit, add }: GroupEditorProps) {
  const root = path.length === 0;
  const other = group.join === "and" ? "or" : "and";
  return (
    <Card size="small" role="group" aria-label={root ? "Условия сегмента" : "Группа условий"}>
      <Flex vertical gap="small">
        <Flex gap="small" align="center" wrap>
          <Segmented
            value={group.join}
            options={[
              { value: "and", label: "И" },
              { value: "or", label: "ИЛИ" },
            ]}
            onChange={(join) => edit(path, () => ({ ...group, join: join as SegmentGroup["join"] }))}
            aria-label="Связка условий"
          />
          <Typography.Text type="secondary">
            {group.join === "and" ? "все условия вместе" : "хотя бы одно из условий"}
          </Typography.Text>
          {root ? null : (
            <Button size="small" danger onClick={() => edit(path, () => null)}>
              Удалить группу
            </Button>
          )}
        </Flex>
        {group.items.length === 0 ? (
          <Typography.Text type="secondary">Нет условий: подходят все животные</Typography.Text>
        ) : null}
        {group.items.map((node, index) => {
          const at = [...path, index];
          // Positions are the identity of the nodes: the tree has no ids of its own.
          return isSegmentGroup(node) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a node's place is its identity
            <GroupEditor key={index} group={node} path={at} edit={edit} add={add} />
          ) : (
            <ConditionRow
              // biome-ignore lint/suspicious/noArrayIndexKey: a node's place is its identity
              key={index}
              condition={node}
              onChange={(condition) => edit(at, () => condition)}
              onRemove={() => edit(at, () => null)}
            />
          );
        })}
        <Flex gap="small">
          <Button size="small" onClick={() => add(path, newCondition())}>
            + Условие
          </Button>
          <Button size="small" onClick={() => add(path, { join: other, items: [newCondition()] })}>
            + Группа
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
