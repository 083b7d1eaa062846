import { Skeleton } from "antd";
import { lazy, Suspense } from "react";
import type { RichTextProfile } from "./rich-text/rich-text-profiles.ts";

// The WYSIWYG editor (Tiptap, rich-text/TiptapEditor.tsx) is large: it is downloaded only when a
// page shows an editor, never with the signed-in shell or the public form.
const TiptapEditor = lazy(() => import("./rich-text/TiptapEditor.tsx"));

export interface RichTextEditorProps {
  /** The text as HTML, as the server stores it ("" when empty). */
  value?: string;
  onChange?: (value: string) => void;
  /** The editable text's accessible name; the toolbar is «<label>: оформление». */
  label: string;
  /** Given by antd's Form.Item: the editable text gets it, so the form can scroll to it. */
  id?: string;
  /** The longest HTML the server takes; a longer text is flagged under the editor. */
  maxLength?: number;
  minRows?: number;
  /** Where the text is kept: it decides which formatting the editor offers (the server's allow-list). */
  profile: RichTextProfile;
  /** Shown while the text is empty. */
  placeholder?: string;
  /**
   * With it (and where pictures are allowed), «Вставить изображение» picks a file, hands it here
   * and inserts the picture with the answered URL at the cursor. A rejection's message is shown.
   */
  uploadImage?: (file: File) => Promise<string>;
  /** The file picker's accept list for images. */
  imageAccept?: string;
}

/**
 * Rich text edited as it will look (bold, headings, lists, links, pictures), stored as HTML that
 * the server's sanitiser keeps unchanged.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: (props.minRows ?? 4) * 22 + 32 }} />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
}
