import { TASK_DESCRIPTION_EXTRA_TAGS, TASK_DESCRIPTION_MAX } from "@nadoy/contract/boards";
import { Button, Flex, Typography } from "antd";
import { useState } from "react";
import { sanitizeContentHtml } from "../../../shared/lib/sanitize-content.ts";
import { RichTextEditor } from "../../../shared/ui/RichTextEditor.tsx";

/**
 * The description as sanitised HTML (the server sanitises too; we never trust what we show), with
 * what the server keeps in a description: the content allow-list (headings, quotes, lists) and the
 * description's extras (code, rules), as its editor writes them.
 */
export function Description({ html }: { html: string }) {
  if (!html.trim()) return <Typography.Text type="secondary">Описания нет</Typography.Text>;
  const safe = sanitizeContentHtml(html, TASK_DESCRIPTION_EXTRA_TAGS);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeContentHtml (DOMPurify, an allow-list)
  return <div className="task-description" dangerouslySetInnerHTML={{ __html: safe }} />;
}

/**
 * The rich description: shown sanitised; «Изменить» opens the shared RichTextEditor (edited as it
 * looks, with a formatting toolbar) with «Сохранить» / «Отмена».
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
  return (
    <Flex vertical gap={4}>
      <RichTextEditor
        label="Описание"
        value={draft}
        onChange={setDraft}
        maxLength={TASK_DESCRIPTION_MAX}
        profile="task"
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
