import {
  SEGMENT_ITEM_NAMES,
  SEGMENT_ITEMS,
  SEGMENT_STATUSES,
  type SegmentCondition,
  type SegmentItem,
  type SegmentOp,
} from "@nadoy/contract/herd-segment-rule";
import { Button, Flex, Input, Select } from "antd";
import { useEffect, useState } from "react";
import { readValues, valuesText } from "../lib/rule-text.ts";
import { opsOf, withItem } from "../lib/rule-tree.ts";

const OP_LABELS: Record<SegmentOp, string> = { "=": "=", "<>": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥" };

const itemOptions = SEGMENT_ITEM_NAMES.map((item) => ({ value: item, label: SEGMENT_ITEMS[item].label }));
const statusOptions = SEGMENT_STATUSES.map((status) => ({ value: status, label: status }));

interface ConditionRowProps {
  condition: SegmentCondition;
  onChange: (condition: SegmentCondition) => void;
  onRemove: () => void;
}

/** One condition: the item, the sign (only = and ≠ for text, status and event items), the value(s). */
export function ConditionRow({ condition, onChange, onRemove }: ConditionRowProps) {
  const { item, op } = condition;
  const list = op === "=" || op === "<>";
  return (
    <Flex role="group" aria-label="Условие" gap="small" wrap align="start">
      <Select
        value={item}
        options={itemOptions}
        onChange={(next: SegmentItem) => onChange(withItem(condition, next))}
        aria-label="Показатель"
        popupMatchSelectWidth={false}
        style={{ width: 230 }}
      />
      <Select
        value={op}
        options={opsOf(item).map((value) => ({ value, label: OP_LABELS[value] }))}
        onChange={(next: SegmentOp) =>
          onChange({
            ...condition,
            op: next,
            values: next === "=" || next === "<>" ? condition.values : condition.values.slice(0, 1),
          })
        }
        aria-label="Знак"
        style={{ width: 70 }}
      />
      {SEGMENT_ITEMS[item].type === "status" ? (
        <Select
          mode="multiple"
          value={condition.values as string[]}
          options={statusOptions}
          onChange={(values: string[]) => (values.length > 0 ? onChange({ ...condition, values }) : undefined)}
          aria-label="Значение"
          style={{ minWidth: 160 }}
        />
      ) : (
        <ValueInput condition={condition} list={list} onChange={onChange} />
      )}
      <Button onClick={onRemove} aria-label="Удалить условие">
        Удалить
      </Button>
    </Flex>
  );
}

/** The value(s) as typed (`1,2,5` for a list); a value that does not suit the item is not taken. */
function ValueInput({
  condition,
  list,
  onChange,
}: {
  condition: SegmentCondition;
  list: boolean;
  onChange: (c: SegmentCondition) => void;
}) {
  const [typed, setTyped] = useState(() => valuesText(condition));
  const read = readValues(condition.item, condition.op, typed);
  const shown = JSON.stringify(condition.values);
  // Values changed elsewhere (the text was typed): show them, unless what is typed already says so.
  useEffect(() => {
    setTyped((now) => {
      const values = JSON.parse(shown) as SegmentCondition["values"];
      const nowRead = readValues(condition.item, condition.op, now);
      return JSON.stringify(nowRead) === shown ? now : valuesText({ ...condition, values });
    });
  }, [shown, condition]);

  return (
    <Input
      value={typed}
      status={read ? undefined : "error"}
      onChange={(event) => {
        setTyped(event.target.value);
        const values = readValues(condition.item, condition.op, event.target.value);
        if (values) onChange({ ...condition, values });
      }}
      placeholder={list ? "Значение или список через запятую" : "Значение"}
      aria-label="Значение"
      title={read ? undefined : `${condition.item}: значение не подходит`}
      style={{ width: 180 }}
    />
  );
}
