import type { TagOption } from "@nadoy/contract/form-values";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { FormText } from "./placeholders.ts";
import { TagLabel } from "./TagLabel.tsx";

interface OptionsDropdownProps {
  id: string;
  options: readonly TagOption[];
  isSelected: (option: TagOption) => boolean;
  onPick: (option: TagOption) => void;
  /** What the closed field shows: the picked tags, or null for the placeholder. */
  shown: ReactNode | null;
  placeholder: string;
  multiple: boolean;
  /** Multiple choice only: the «Выбрать все» and «Очистить» actions. */
  onSelectAll?: () => void;
  onClear?: () => void;
  disabled?: boolean;
  invalid?: boolean;
  ariaLabel?: string;
}

/**
 * A light dropdown of coloured tags (single or multiple choice): a button showing the choice and
 * a listbox under it. Closes on Escape, on a click outside and — single choice — on a pick.
 */
export function OptionsDropdown({
  id,
  options,
  isSelected,
  onPick,
  shown,
  placeholder,
  multiple,
  onSelectAll,
  onClear,
  disabled,
  invalid,
  ariaLabel,
}: OptionsDropdownProps) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const pick = (option: TagOption) => {
    onPick(option);
    if (!multiple) setOpen(false);
  };

  return (
    <div className="nf-select-wrap" ref={wrap}>
      <button
        id={id}
        type="button"
        className="nf-input nf-select"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-invalid={invalid || undefined}
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={() => setOpen((was) => !was)}
      >
        {shown ?? <span className="nf-placeholder">{placeholder}</span>}
      </button>
      {open && (
        <div className="nf-popup">
          {multiple && options.length > 0 && (
            <div className="nf-popup-actions">
              <button type="button" className="nf-link-button" onClick={onSelectAll}>
                {FormText.selectAll}
              </button>
              <button type="button" className="nf-link-button" onClick={onClear}>
                {FormText.clear}
              </button>
            </div>
          )}
          <div id={listId} role="listbox" aria-multiselectable={multiple} aria-label={ariaLabel}>
            {options.length === 0 && <div className="nf-empty">{FormText.noOptions}</div>}
            {options.map((option) => (
              <div
                key={option.name}
                role="option"
                tabIndex={0}
                className="nf-option"
                aria-selected={isSelected(option)}
                onClick={() => pick(option)}
                onKeyDown={(event) => {
                  if (event.key === "Enter" || event.key === " ") {
                    event.preventDefault();
                    pick(option);
                  }
                }}
              >
                <TagLabel tag={option} />
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
