import { EditorContent, Extension, useEditor, useEditorState } from "@tiptap/react";
import { Flex, Typography } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { HiddenFileInput } from "../HiddenFileInput.tsx";
import type { RichTextEditorProps } from "../RichTextEditor.tsx";
import { EditorToolbar } from "./EditorToolbar.tsx";
import { editorExtensions } from "./editor-extensions.ts";
import { LinkDialog } from "./LinkDialog.tsx";
import { featuresOf } from "./rich-text-profiles.ts";
import { storedHtml } from "./stored-html.ts";
import "./rich-text-editor.css";

// Why Tiptap: it is ProseMirror underneath, whose schema says exactly which nodes and marks a
// document may hold, so the editor can be held to the tags the server's sanitiser keeps for each
// place (rich-text-profiles.ts) and cannot produce anything else; it is headless, so the toolbar
// and dialogs are antd's own; MIT licensed and actively maintained. Loaded on demand
// (../RichTextEditor.tsx) so that only the pages with an editor download it.

const LINE_HEIGHT_PX = 22;

/** Ctrl+K (⌘K) opens the link dialog, as in most editors. */
const LinkShortcut = Extension.create<{ open: () => void }>({
  name: "linkShortcut",
  addOptions: () => ({ open: () => {} }),
  addKeyboardShortcuts() {
    return {
      "Mod-k": () => {
        this.options.open();
        return true;
      },
    };
  },
});

/** The editable element's attributes: its accessible name and the id antd's Form.Item label points at. */
const editableAttributes = (label: string, id: string | undefined, minRows: number) => ({
  role: "textbox",
  "aria-multiline": "true",
  "aria-label": label,
  ...(id && { id }),
  class: "rich-text-content",
  style: `min-height: ${minRows * LINE_HEIGHT_PX}px`,
});

/** The WYSIWYG editor itself; see RichTextEditor for the props. */
export default function TiptapEditor({
  value = "",
  onChange,
  label,
  id,
  maxLength,
  minRows = 4,
  profile,
  placeholder,
  uploadImage,
  imageAccept,
}: RichTextEditorProps) {
  const features = useMemo(() => featuresOf(profile), [profile]);
  // The HTML last handed out (or taken in): a value that differs came from outside (a reset).
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const fileInput = useRef<HTMLInputElement>(null);
  const [linkDialog, setLinkDialog] = useState<{ href: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const openLink = useRef(() => {});
  const editor = useEditor(
    {
      extensions: [...editorExtensions(features), LinkShortcut.configure({ open: () => openLink.current() })],
      content: value,
      immediatelyRender: true,
      editorProps: { attributes: editableAttributes(label, id, minRows) },
      onUpdate: ({ editor: current }) => {
        const html = storedHtml(current.getHTML(), current.isEmpty);
        emitted.current = html;
        onChangeRef.current?.(html);
      },
    },
    [features],
  );

  const openLinkDialog = () => setLinkDialog({ href: editor.getAttributes("link").href ?? "" });
  // Ctrl+K calls the current one: the editor's extensions are made once.
  useEffect(() => {
    openLink.current = openLinkDialog;
  });

  // The editor is made once per profile: a new label (a renamed form element) is applied to it.
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: editableAttributes(label, id, minRows) } });
  }, [editor, label, id, minRows]);

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const isEmpty = useEditorState({ editor, selector: ({ editor: current }) => current.isEmpty });

  const insertLink = (href: string) => {
    setLinkDialog(null);
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive("link")) {
      // Nothing selected: the address itself (an e-mail without "mailto:") becomes the link's text.
      const text = href.replace(/^mailto:/i, "");
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text, marks: [{ type: "link", attrs: { href } }] })
        .run();
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
  };
  const removeLink = () => {
    setLinkDialog(null);
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
  };

  const insertImage = (file: File) => {
    if (!uploadImage) return;
    setUploading(true);
    setUploadError(null);
    uploadImage(file).then(
      (src) => {
        setUploading(false);
        editor.chain().focus().setImage({ src, alt: file.name }).run();
      },
      (error: unknown) => {
        setUploading(false);
        setUploadError(error instanceof Error ? error.message : "Изображение не загрузилось");
      },
    );
  };
  const images = Boolean(uploadImage) && features.images;
  const tooLong = maxLength !== undefined && value.length > maxLength;

  return (
    <Flex vertical gap={4}>
      <EditorToolbar
        editor={editor}
        label={label}
        features={features}
        onLink={openLinkDialog}
        onImage={images ? () => fileInput.current?.click() : undefined}
        uploading={uploading}
      />
      {images ? (
        <HiddenFileInput
          ref={fileInput}
          accept={imageAccept}
          aria-label={`${label}: файл изображения`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) insertImage(file);
          }}
        />
      ) : null}
      <div className="rich-text-editor">
        <EditorContent editor={editor} />
        {isEmpty && placeholder ? (
          <span className="rich-text-placeholder" aria-hidden>
            {placeholder}
          </span>
        ) : null}
      </div>
      {tooLong ? (
        <Typography.Text type="danger" role="alert">
          Текст слишком длинный: {value.length.toLocaleString("ru-RU")} из {maxLength.toLocaleString("ru-RU")} знаков
          вместе с оформлением
        </Typography.Text>
      ) : null}
      {uploadError ? (
        <Typography.Text type="danger" role="alert">
          {uploadError}
        </Typography.Text>
      ) : null}
      {linkDialog ? (
        <LinkDialog
          initial={linkDialog.href}
          onInsert={insertLink}
          onRemove={removeLink}
          onClose={() => {
            setLinkDialog(null);
            editor.commands.focus();
          }}
        />
      ) : null}
    </Flex>
  );
}
