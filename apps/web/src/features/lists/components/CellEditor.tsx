import {
  numberOnBlur,
  percentOnBlur,
  percentText,
  percentValue,
  refusedInputHint,
  type TakenInput,
  takeNumberInput,
  takePercentInput,
} from "@nadoy/contract/form-input";
import type { ListColumn } from "@nadoy/contract/lists";
import { DatePicker, Input, Select, Tag, Tooltip } from "antd";
import dayjs from "dayjs";
import { type KeyboardEvent, useRef, useState } from "react";
import { DATE_INPUT_FORMATS } from "../../../shared/form-fields/date-formats.ts";
import { useUnsavedChangesGuard } from "../../../shared/hooks/use-unsaved-changes-guard.ts";
import { optionNamed, tagsOf } from "../lib/cells.ts";
import { ColoredTag } from "./CellView.tsx";

export interface CellEditorProps {
  column: ListColumn;
  value: unknown;
  /** The new value (stored form, "" to clear); resolves false when it was refused (the editor stays open). */
  onCommit: (value: unknown) => boolean;
  onCancel: () => void;
}

/** Enter/blur saves, Esc cancels; a value is committed at most once. */
function useCommitOnce({ onCommit, onCancel }: Pick<CellEditorProps, "onCommit" | "onCancel">) {
  const done = useRef(false);
  return {
    commit: (value: unknown) => {
      if (done.current) return;
      done.current = onCommit(value);
    },
    cancel: () => {
      if (done.current) return;
      done.current = true;
      onCancel();
    },
  };
}

const takeAll = (text: string): TakenInput => ({ text, refused: "" });

function TextEditor({
  column,
  initial,
  take = takeAll,
  refusedHint,
  toValue,
  inputMode,
  ...handlers
}: Omit<CellEditorProps, "value"> & {
  initial: string;
  /** What the editor takes of a typed or pasted text; what it refuses is named in a tooltip. */
  take?: (text: string) => TakenInput;
  refusedHint?: (refused: string) => string;
  toValue: (text: string) => unknown;
  inputMode?: "decimal" | "tel" | "url";
}) {
  const [text, setText] = useState(initial);
  const [refused, setRefused] = useState("");
  const { commit, cancel } = useCommitOnce(handlers);
  // Typed but not saved yet (blur saves; a refused value or the browser's Back would lose it).
  // The leave question takes the focus: that blur must not save, the answer decides.
  const guard = useUnsavedChangesGuard(text !== initial);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit(toValue(text));
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };
  const hint = refused && refusedHint ? refusedHint(refused) : null;
  return (
    <Tooltip open={hint !== null} title={hint} placement="bottom">
      <Input
        autoFocus
        size="small"
        aria-label={column.name}
        status={hint ? "warning" : undefined}
        value={text}
        inputMode={inputMode}
        onChange={(event) => {
          const taken = take(event.target.value);
          setText(taken.text);
          setRefused(taken.refused);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (!guard.asking) commit(toValue(text));
        }}
        onClick={(event) => event.stopPropagation()}
      />
    </Tooltip>
  );
}

/** The inline editor of one cell, by the column's type (checkboxes toggle in place and have none). */
export function CellEditor(props: CellEditorProps) {
  const { column, value } = props;
  const { commit, cancel } = useCommitOnce(props);
  const onEscape = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      cancel();
    }
  };

  switch (column.type) {
    case "number":
      return (
        <TextEditor
          {...props}
          initial={typeof value === "number" ? String(value) : ""}
          take={takeNumberInput}
          refusedHint={(refused) => refusedInputHint("number", refused)}
          toValue={numberOnBlur}
          inputMode="decimal"
        />
      );
    case "percent":
      return (
        <TextEditor
          {...props}
          initial={typeof value === "number" ? percentText(value) : ""}
          take={takePercentInput}
          refusedHint={(refused) => refusedInputHint("percent", refused)}
          toValue={(text) => percentValue(percentOnBlur(text))}
          inputMode="decimal"
        />
      );
    case "date_picker":
      return (
        <DatePicker
          autoFocus
          defaultOpen
          size="small"
          aria-label={column.name}
          // The grid shows DD.MM.YYYY, so that is what is typed; ISO is read too (pasted from elsewhere).
          format={DATE_INPUT_FORMATS}
          defaultValue={typeof value === "string" && value !== "" ? dayjs(value, "YYYY-MM-DD") : undefined}
          onChange={(date) => commit(date ? date.format("YYYY-MM-DD") : "")}
          onBlur={cancel}
          onKeyDown={onEscape}
        />
      );
    case "select":
      return (
        <Select
          autoFocus
          defaultOpen
          allowClear
          size="small"
          aria-label={column.name}
          style={{ width: "100%" }}
          defaultValue={tagsOf(value)[0]?.name}
          options={column.options.map((o) => ({ value: o.name, label: <ColoredTag name={o.name} color={o.color} /> }))}
          onChange={(name?: string) => commit(name ? (optionNamed(column, name) ?? "") : "")}
          onBlur={cancel}
          onKeyDown={onEscape}
        />
      );
    case "tag":
      return <TagEditor {...props} />;
    case "telephone":
      return (
        <TextEditor
          {...props}
          initial={typeof value === "string" ? value : ""}
          toValue={(t) => t.trim()}
          inputMode="tel"
        />
      );
    case "ref":
      return (
        <TextEditor
          {...props}
          initial={typeof value === "string" ? value : ""}
          toValue={(t) => t.trim()}
          inputMode="url"
        />
      );
    default:
      return <TextEditor {...props} initial={typeof value === "string" ? value : ""} toValue={(t) => t} />;
  }
}

function TagEditor(props: CellEditorProps) {
  const { column, value } = props;
  const [initialNames] = useState(() => tagsOf(value).map((t) => t.name));
  const [names, setNames] = useState(initialNames);
  const { commit, cancel } = useCommitOnce(props);
  const guard = useUnsavedChangesGuard(names.join("\n") !== initialNames.join("\n"));
  const save = () => commit(names.flatMap((name) => optionNamed(column, name) ?? []));
  return (
    <Select
      autoFocus
      defaultOpen
      mode="multiple"
      size="small"
      aria-label={column.name}
      style={{ width: "100%", minWidth: 160 }}
      value={names}
      onChange={setNames}
      options={column.options.map((o) => ({ value: o.name, label: <ColoredTag name={o.name} color={o.color} /> }))}
      tagRender={({ value: name, closable, onClose }) => (
        <Tag
          color={optionNamed(column, String(name))?.color || undefined}
          closable={closable}
          onClose={onClose}
          onMouseDown={(event) => event.preventDefault()}
          style={{ marginInlineEnd: 4, maxWidth: 200, overflow: "hidden", textOverflow: "ellipsis" }}
        >
          {String(name)}
        </Tag>
      )}
      onBlur={() => {
        if (!guard.asking) save();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          cancel();
        }
      }}
    />
  );
}
