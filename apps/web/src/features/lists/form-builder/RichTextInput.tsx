import { Button, Flex, Input } from "antd";
import { useId } from "react";

const FORMATS = [
  { label: "Ж", title: "Жирный", open: "<b>", close: "</b>", style: { fontWeight: 700 } },
  { label: "К", title: "Курсив", open: "<i>", close: "</i>", style: { fontStyle: "italic" } },
  { label: "Ч", title: "Подчёркнутый", open: "<u>", close: "</u>", style: { textDecoration: "underline" } },
  { label: "Абзац", title: "Абзац", open: "<p>", close: "</p>", style: {} },
  { label: "Ссылка", title: "Ссылка", open: '<a href="https://">', close: "</a>", style: {} },
] as const;

/** Wraps the selection [start, end) of `text` in `open`…`close`. */
export function wrapSelection(text: string, start: number, end: number, open: string, close: string): string {
  return `${text.slice(0, start)}${open}${text.slice(start, end)}${close}${text.slice(end)}`;
}

/**
 * Rich text as simple HTML: a text area with buttons that wrap the selection in bold, italic,
 * underline, a paragraph or a link. Whatever is typed is sanitised where it is shown
 * (shared/form-fields sanitizeRichText) and on the server.
 */
export function RichTextInput({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div>
      <Flex gap={4} wrap style={{ marginBottom: 4 }} role="toolbar" aria-label={`${label}: оформление`}>
        {FORMATS.map((format) => (
          <Button
            key={format.title}
            size="small"
            title={format.title}
            aria-label={format.title}
            style={format.style}
            onClick={() => {
              const area = document.getElementById(id) as HTMLTextAreaElement | null;
              const start = area?.selectionStart ?? value.length;
              const end = area?.selectionEnd ?? value.length;
              onChange(wrapSelection(value, start, end, format.open, format.close));
            }}
          >
            {format.label}
          </Button>
        ))}
      </Flex>
      <Input.TextArea
        id={id}
        aria-label={label}
        value={value}
        placeholder={placeholder}
        autoSize={{ minRows: 2, maxRows: 8 }}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
