import type { ComponentPropsWithRef } from "react";
import { VISUALLY_HIDDEN } from "./VisuallyHidden.tsx";

type HiddenFileInputProps = Omit<ComponentPropsWithRef<"input">, "type" | "hidden" | "style">;

// Zero-sized (not the usual 1px) so that nothing, not even a test tool, counts it as shown.
const STYLE = { ...VISUALLY_HIDDEN, width: 0, height: 0 };

/**
 * The native file input behind an upload button: out of sight but still in the page (a label or
 * a screen reader reaches it). Not `hidden`: antd's form styles set `input[type=file]` to
 * `display: block`, which beats the attribute and shows the browser's untranslated «Choose File».
 * Out of the tab order: the visible button opens it.
 */
export function HiddenFileInput(props: HiddenFileInputProps) {
  return <input {...props} type="file" tabIndex={-1} style={STYLE} />;
}
