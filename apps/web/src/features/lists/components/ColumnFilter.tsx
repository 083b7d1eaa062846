import { refusedInputHint, takeNumberInput } from "@nadoy/contract/form-input";
import { CHECKBOX_FALSE, CHECKBOX_TRUE } from "@nadoy/contract/list-cells";
import { FILTER_OP_LABELS, type FilterOp, type ListFilter } from "@nadoy/contract/list-view";
import type { ListColumn } from "@nadoy/contract/lists";
import { Button, DatePicker, Flex, Input, Select, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";

/** The operations that make sense for a column of this type. */
export function filterOpsFor(column: Pick<ListColumn, "type">): FilterOp[] {
  switch (column.type) {
    case "number":
    case "percent":
    case "date_picker":
      return ["equals", "gt", "lt", "contains", "empty", "not_empty"];
    case "checkbox":
      return ["equals"];
    default:
      return ["contains", "equals", "empty", "not_empty"];
  }
}

const needsValue = (op: FilterOp) => op !== "empty" && op !== "not_empty";

interface ColumnFilterProps {
  column: ListColumn;
  filter: ListFilter | undefined;
  onApply: (filter: ListFilter | null) => void;
}

/** The filter menu of a column header: an operation and a value, applied to the grid and the export. */
export function ColumnFilter({ column, filter, onApply }: ColumnFilterProps) {
  const ops = filterOpsFor(column);
  const [op, setOp] = useState<FilterOp>(filter?.op ?? ops[0] ?? "contains");
  const [value, setValue] = useState(filter?.value ?? (column.type === "checkbox" ? CHECKBOX_TRUE : ""));
  // A number compared by value takes what a number field takes (a comma is the decimal mark) and
  // names what it refuses (issue 16 item 1); «содержит» compares the cell's text, so takes any.
  const numeric = (column.type === "number" || column.type === "percent") && op !== "contains";
  const [refused, setRefused] = useState("");
  const apply = () => onApply({ column_uuid: column.uuid, op, value: needsValue(op) ? value : "" });

  let valueField = null;
  if (needsValue(op)) {
    if (column.type === "date_picker" && op !== "contains") {
      valueField = (
        <DatePicker
          aria-label="Значение фильтра"
          format="DD.MM.YYYY"
          value={value && dayjs(value, "YYYY-MM-DD").isValid() ? dayjs(value, "YYYY-MM-DD") : null}
          onChange={(date) => setValue(date ? date.format("YYYY-MM-DD") : "")}
        />
      );
    } else if (column.type === "checkbox") {
      valueField = (
        <Select
          aria-label="Значение фильтра"
          value={value}
          onChange={setValue}
          options={[CHECKBOX_TRUE, CHECKBOX_FALSE].map((v) => ({ value: v, label: v }))}
        />
      );
    } else if (column.type === "select" && op === "equals") {
      valueField = (
        <Select
          aria-label="Значение фильтра"
          value={value || undefined}
          onChange={setValue}
          options={column.options.map((o) => ({ value: o.name, label: o.name }))}
        />
      );
    } else if (numeric) {
      valueField = (
        <>
          <Input
            aria-label="Значение фильтра"
            inputMode="decimal"
            value={value}
            autoFocus
            status={refused ? "warning" : undefined}
            onChange={(event) => {
              const taken = takeNumberInput(event.target.value);
              setValue(taken.text);
              setRefused(taken.refused);
            }}
            onPressEnter={apply}
          />
          {refused ? (
            <Typography.Text type="warning" style={{ fontSize: 12 }}>
              {refusedInputHint("number", refused)}
            </Typography.Text>
          ) : null}
        </>
      );
    } else {
      valueField = (
        <Input
          aria-label="Значение фильтра"
          value={value}
          autoFocus
          onChange={(event) => setValue(event.target.value)}
          onPressEnter={apply}
        />
      );
    }
  }

  return (
    <Flex vertical gap={8} style={{ padding: 8, width: 240 }} onKeyDown={(event) => event.stopPropagation()}>
      <Select
        aria-label="Условие фильтра"
        value={op}
        onChange={setOp}
        options={ops.map((o) => ({ value: o, label: FILTER_OP_LABELS[o] }))}
      />
      {valueField}
      <Flex gap={8} justify="flex-end">
        <Button size="small" onClick={() => onApply(null)} disabled={!filter}>
          Сбросить
        </Button>
        <Button size="small" type="primary" onClick={apply}>
          Применить
        </Button>
      </Flex>
    </Flex>
  );
}
