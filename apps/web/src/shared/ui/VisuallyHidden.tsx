import type { CSSProperties, ReactNode } from "react";

/** Out of sight, still read by screen readers (the usual clip recipe). */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
};

/** Text for screen readers only (what the eye gets from a colour or an icon). */
export function VisuallyHidden({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <span id={id} style={VISUALLY_HIDDEN}>
      {children}
    </span>
  );
}
