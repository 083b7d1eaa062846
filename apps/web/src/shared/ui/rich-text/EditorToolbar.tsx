import {
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import { Button, Flex } from "antd";
import type { CSSProperties, ReactNode } from "react";
import type { RichTextFeatures } from "./rich-text-profiles.ts";

/** The heading buttons, as the old toolbar had them: «Заголовок» is h3, «Подзаголовок» h4. */
const HEADINGS = [
  { level: 3, title: "Заголовок", shortcut: "Ctrl+Alt+3" },
  { level: 4, title: "Подзаголовок", shortcut: "Ctrl+Alt+4" },
] as const;

interface ToolProps {
  title: string;
  shortcut?: string;
  active?: boolean;
  disabled?: boolean;
  loading?: boolean;
  icon?: ReactNode;
  label?: ReactNode;
  style?: CSSProperties;
  onClick: () => void;
}

/** One toolbar button: its Russian name is its accessible name; pressed while the format is on. */
function Tool({ title, shortcut, active, disabled, loading, icon, label, style, onClick }: ToolProps) {
  return (
    <Button
      size="small"
      type={active ? "primary" : "default"}
      // The browser's own tooltip: a form with many editors renders many of these buttons.
      title={shortcut ? `${title} (${shortcut})` : title}
      aria-label={title}
      aria-pressed={active}
      disabled={disabled}
      loading={loading}
      icon={icon}
      style={style}
      // Keeps the text's selection: the command applies to what was selected.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

export function EditorToolbar({
  editor,
  label,
  features,
  onLink,
  onImage,
  uploading,
}: {
  editor: Editor;
  label: string;
  features: RichTextFeatures;
  onLink: () => void;
  /** Absent where the text may hold no pictures. */
  onImage?: () => void;
  uploading: boolean;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      underline: current.isActive("underline"),
      heading3: current.isActive("heading", { level: 3 }),
      heading4: current.isActive("heading", { level: 4 }),
      blockquote: current.isActive("blockquote"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      link: current.isActive("link"),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Flex gap={4} wrap align="center" role="toolbar" aria-label={`${label}: оформление`}>
      <Tool
        title="Жирный"
        shortcut="Ctrl+B"
        label="Ж"
        style={{ fontWeight: 700 }}
        active={state.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <Tool
        title="Курсив"
        shortcut="Ctrl+I"
        label="К"
        style={{ fontStyle: "italic" }}
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <Tool
        title="Подчёркнутый"
        shortcut="Ctrl+U"
        label="Ч"
        style={{ textDecoration: "underline" }}
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      {HEADINGS.filter(({ level }) => features.headingLevels.includes(level)).map(({ level, title, shortcut }) => (
        <Tool
          key={level}
          title={title}
          shortcut={shortcut}
          label={title}
          active={level === 3 ? state.heading3 : state.heading4}
          onClick={() => chain().toggleHeading({ level }).run()}
        />
      ))}
      <Tool
        title="Маркированный список"
        shortcut="Ctrl+Shift+8"
        icon={<UnorderedListOutlined />}
        active={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      />
      <Tool
        title="Нумерованный список"
        shortcut="Ctrl+Shift+7"
        icon={<OrderedListOutlined />}
        active={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      />
      {features.blockquote ? (
        <Tool
          title="Цитата"
          shortcut="Ctrl+Shift+B"
          label="«»"
          active={state.blockquote}
          onClick={() => chain().toggleBlockquote().run()}
        />
      ) : null}
      <Tool title="Ссылка" shortcut="Ctrl+K" icon={<LinkOutlined />} active={state.link} onClick={onLink} />
      {onImage ? (
        <Tool title="Вставить изображение" icon={<PictureOutlined />} loading={uploading} onClick={onImage} />
      ) : null}
      <Tool
        title="Отменить"
        shortcut="Ctrl+Z"
        icon={<UndoOutlined />}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <Tool
        title="Повторить"
        shortcut="Ctrl+Shift+Z"
        icon={<RedoOutlined />}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      />
    </Flex>
  );
}
