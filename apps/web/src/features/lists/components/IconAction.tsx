import { Button, Tooltip } from "antd";
import type { ReactNode } from "react";

interface IconActionProps {
  /** The tooltip. */
  tip: string;
  /** The accessible name (names the thing acted on, e.g. «Удалить столбец «Кличка»»). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** A small icon-only action of a table row, with a tooltip and an accessible name. */
export function IconAction({ tip, label, icon, onClick, danger, disabled }: IconActionProps) {
  return (
    <Tooltip title={tip}>
      <Button
        type="text"
        size="small"
        danger={danger}
        icon={icon}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}
