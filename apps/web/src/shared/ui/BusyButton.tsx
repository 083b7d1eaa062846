import { Button, type ButtonProps } from "antd";

type BusyButtonProps = Omit<ButtonProps, "loading" | "children" | "aria-label"> & { busy: boolean; children: string };

/**
 * An antd Button with a spinner while `busy`, whose accessible name is always its text. antd
 * keeps a collapsed "loading" icon in the button when a request ends during the spinner's
 * entrance animation, which would otherwise rename the button to «loading …» for screen readers
 * and tests.
 */
export function BusyButton({ busy, children, ...props }: BusyButtonProps) {
  return (
    <Button {...props} loading={busy} aria-busy={busy} aria-label={children}>
      {children}
    </Button>
  );
}
