import { PictureOutlined } from "@ant-design/icons";
import { Button, Flex, Input, Segmented, Typography } from "antd";
import { type CSSProperties, useId, useRef, useState } from "react";
import "./rich-text-editor.css";
import { HiddenFileInput } from "./HiddenFileInput.tsx";

interface Format {
  label: string;
  title: string;
  open: string;
  close: string;
  style?: CSSProperties;
}

const FORMATS: readonly Format[] = [
  { label: "Ж", title: "Жирный", open: "<b>", close: "</b>", style: { fontWeight: 700 } },
  { label: "К", title: "Курсив", open: "<i>", close: "</i>", style: { fontStyle: "italic" } },
  { label: "Ч", title: "Подчёркнутый", open: "<u>", close: "</u>", style: { textDecoration: "underline" } },
  { label: "Заголовок", title: "Заголовок", open: "<h3>", close: "</h3>" },
  { label: "Список", title: "Список", open: "<ul><li>", close: "</li></ul>" },
  { label: "1. Список", title: "Нумерованный список", open: "<ol><li>", close: "</li></ol>" },
  { label: "Ссылка", title: "Ссылка", open: '<a href="https://">', close: "</a>" },
];

/** Wraps the selection [start, end) of `text` in `open`…`close`. */
export function wrapSelection(text: string, start: number, end: number, open: string, close: string): string {
  return `${text.slice(0, start)}${open}${text.slice(start, end)}${close}${text.slice(end)}`;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export interface RichTextEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  /** The text area's accessible name; the toolbar is «<label>: оформление». */
  label: string;
  /** Given by antd's Form.Item, so that its label points at the text area. */
  id?: string;
  maxLength?: number;
  minRows?: number;
  /** Sanitises the HTML for the «Просмотр» tab (the allow-list of where the text is shown). */
  sanitize: (html: string) => string;
  /**
   * With it, «Изображение» picks a file, hands it here and inserts `<img>` with the answered URL
   * at the cursor. A rejection's message is shown under the editor.
   */
  uploadImage?: (file: File) => Promise<string>;
  /** The file picker's accept list for images. */
  imageAccept?: string;
}

/**
 * Rich text as simple HTML: a text area whose toolbar wraps the selection in bold, italic,
 * underline, a heading, a list or a link (and, with `uploadImage`, inserts pictures), with a
 * sanitised preview. Whatever is typed is sanitised by the server and again where it is shown.
 */
export function RichTextEditor({
  value = "",
  onChange,
  label,
  id,
  maxLength,
  minRows = 4,
  sanitize,
  uploadImage,
  imageAccept,
}: RichTextEditorProps) {
  const ownId = useId();
  const areaId = id ?? ownId;
  const fileInput = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<"edit" | "preview">("edit");
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const selection = () => {
    const area = document.getElementById(areaId) as HTMLTextAreaElement | null;
    return { start: area?.selectionStart ?? value.length, end: area?.selectionEnd ?? value.length };
  };
  const wrap = (open: string, close: string) => {
    const { start, end } = selection();
    onChange?.(wrapSelection(value, start, end, open, close));
  };
  const insertImage = (file: File) => {
    if (!uploadImage) return;
    // Where the cursor was when the picker opened; the text may not change while uploading.
    const { end } = selection();
    setUploading(true);
    setUploadError(null);
    uploadImage(file).then(
      (url) => {
        setUploading(false);
        const tag = `<img src="${escapeAttribute(url)}" alt="${escapeAttribute(file.name)}">`;
        onChange?.(`${value.slice(0, end)}${tag}${value.slice(end)}`);
      },
      (error: unknown) => {
        setUploading(false);
        setUploadError(error instanceof Error ? error.message : "Изображение не загрузилось");
      },
    );
  };

  const editing = mode === "edit";
  return (
    <Flex vertical gap={4}>
      <Flex gap={4} wrap align="center" role="toolbar" aria-label={`${label}: оформление`}>
        {FORMATS.map((format) => (
          <Button
            key={format.title}
            size="small"
            title={format.title}
            aria-label={format.title}
            style={format.style}
            disabled={!editing}
            onClick={() => wrap(format.open, format.close)}
          >
            {format.label}
          </Button>
        ))}
        {uploadImage ? (
          <>
            <Button
              size="small"
              icon={<PictureOutlined />}
              loading={uploading}
              disabled={!editing}
              aria-label="Вставить изображение"
              onClick={() => fileInput.current?.click()}
            >
              Изображение
            </Button>
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
          </>
        ) : null}
        <Segmented<"edit" | "preview">
          size="small"
          style={{ marginLeft: "auto" }}
          value={mode}
          onChange={(next) => setMode(next)}
          options={[
            { label: "Текст", value: "edit" },
            { label: "Просмотр", value: "preview" },
          ]}
        />
      </Flex>
      {editing ? (
        <Input.TextArea
          id={areaId}
          aria-label={label}
          value={value}
          maxLength={maxLength}
          autoSize={{ minRows, maxRows: 24 }}
          onChange={(event) => onChange?.(event.target.value)}
        />
      ) : value.trim() ? (
        <div
          className="rich-text-preview"
          style={{ minHeight: 80, padding: "4px 11px", border: "1px dashed rgba(128, 128, 128, 0.4)", borderRadius: 6 }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the caller's allow-list (DOMPurify)
          dangerouslySetInnerHTML={{ __html: sanitize(value) }}
        />
      ) : (
        <Typography.Text type="secondary">Текста нет</Typography.Text>
      )}
      {uploadError ? (
        <Typography.Text type="danger" role="alert">
          {uploadError}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
