import { TASK_DESCRIPTION_MAX } from "@nadoy/contract/boards";
import { Button, Flex, Input, Typography } from "antd";
import { useId, useState } from "react";
import { sanitizeRichText } from "../../../shared/form-fields/sanitize.ts";

const FORMATS = [
  { label: "Ж", title: "Жирный", open: "<b>", close: "</b>", style: { fontWeight: 700 } },
  { label: "К", title: "Курсив", open: "<i>", close: "</i>", style: { fontStyle: "italic" } },
  { label: "Ч", title: "Подчёркнутый", open: "<u>", close: "</u>", style: { textDecoration: "underline" } },
  { label: "Список", title: "Список", open: "<ul><li>", close: "</li></ul>", style: {} },
  { label: "Ссылка", title: "Ссылка", open: '<a href="https://">', close: "</a>", style: {} },
] as const;

/** The description as sanitised HTML (the server sanitises too; we never trust what we show). */
export function Description({ html }: { html: string }) {
  if (!html.trim()) return <Typography.Text type="secondary">Описания нет</Typography.Text>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeRichText (DOMPurify, an allow-list)
  return <div className="task-description" dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}

/**
 * The rich description: shown sanitised; «Изменить» opens simple HTML editing (buttons wrap the
 * selection in bold, italic, underline, a list or a link) with «Сохранить» / «Отмена».
 */
export function DescriptionEditor({
  html,
  editable,
  onSave,
}: {
  html: string;
  editable: boolean;
  onSave: (html: string) => Promise<unknown>;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (draft === null) {
    return (
      <div>
        <Description html={html} />
        {editable ? (
          <Button size="small" style={{ marginTop: 8 }} onClick={() => setDraft(html)}>
            Изменить описание
          </Button>
        ) : null}
      </div>
    );
  }
  const wrap = (open: string, close: string) => {
    const area = document.getElementById(id) as HTMLTextAreaElement | null;
    const start = area?.selectionStart ?? draft.length;
    const end = area?.selectionEnd ?? draft.length;
    setDraft(`${draft.slice(0, start)}${open}${draft.slice(start, end)}${close}${draft.slice(end)}`);
  };
  return (
    <Flex vertical gap={4}>
      <Flex gap={4} wrap role="toolbar" aria-label="Описание: оформление">
        {FORMATS.map((format) => (
          <Button
            key={format.title}
            size="small"
            title={format.title}
            aria-label={format.title}
            style={format.style}
            onClick={() => wrap(format.open, format.close)}
          >
            {format.label}
          </Button>
        ))}
      </Flex>
      <Input.TextArea
        id={id}
        aria-label="Описание"
        value={draft}
        maxLength={TASK_DESCRIPTION_MAX}
        autoSize={{ minRows: 4, maxRows: 16 }}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Flex gap={4}>
        <Button
          type="primary"
          size="small"
          loading={busy}
          onClick={() => {
            setBusy(true);
            onSave(draft).then(
              () => {
                setBusy(false);
                setDraft(null);
              },
              () => setBusy(false),
            );
          }}
        >
          Сохранить
        </Button>
        <Button size="small" onClick={() => setDraft(null)}>
          Отмена
        </Button>
      </Flex>
    </Flex>
  );
}
