// HTML exactly as the web's rich-text editor (apps/web shared/ui/RichTextEditor) writes it for
// everyday edits, per place it is used in. Both sides test against these strings: the web test
// makes each with the editor (typing, Enter, the toolbar, the link dialog, an upload), the server
// test checks that its sanitiser for that place stores each one unchanged. Test data only.

export type RichTextPlace = "content" | "task" | "form";

export interface RichTextSample {
  html: string;
  /** Where the editor can make it (its toolbar offers what that place's sanitiser keeps). */
  places: readonly RichTextPlace[];
}

const EVERYWHERE: readonly RichTextPlace[] = ["content", "task", "form"];

/** An image uploaded for content: /api/content/images/<uuid>/ (contract content.ts CONTENT_IMAGE_SRC). */
export const SAMPLE_CONTENT_IMAGE_URL = "/api/content/images/0f8fad5b-d9cb-469f-a165-70867728950e/";

export const RICH_TEXT_EDITOR_SAMPLES = {
  /** Enter starts a new paragraph. */
  paragraphs: { html: "<p>Первый абзац</p><p>Второй абзац</p>", places: EVERYWHERE },
  /** «Заголовок», its text, Enter, then ordinary text. */
  heading: { html: "<h3>Итоги</h3><p>Текст</p>", places: EVERYWHERE },
  /** «Подзаголовок». */
  subheading: { html: "<h4>Подробности</h4>", places: EVERYWHERE },
  /** Ctrl+B, Ctrl+I, Ctrl+U (or their buttons). */
  formatting: { html: "<p><strong>жирный</strong> <em>курсив</em> <u>подчёркнутый</u></p>", places: EVERYWHERE },
  /** Shift+Enter: a new line in the same paragraph. */
  lineBreak: { html: "<p>Строка<br />Вторая строка</p>", places: EVERYWHERE },
  bulletList: { html: "<ul><li><p>Один</p></li><li><p>Два</p></li></ul>", places: EVERYWHERE },
  orderedList: { html: "<ol><li><p>Первый</p></li><li><p>Второй</p></li></ol>", places: EVERYWHERE },
  /** Text selected, «Ссылка», "example.ru" typed in the dialog. */
  link: {
    html: '<p><a href="https://example.ru" target="_blank" rel="noopener noreferrer">Сайт</a></p>',
    places: EVERYWHERE,
  },
  /** Nothing selected, «Ссылка», an e-mail address typed in the dialog. */
  mailLink: {
    html: '<p>Пишите: <a href="mailto:info@example.ru" target="_blank" rel="noopener noreferrer">info@example.ru</a></p>',
    places: EVERYWHERE,
  },
  /** Characters HTML escapes. */
  specialCharacters: { html: '<p>1 &lt; 2 &amp;&amp; 3 &gt; 2, "кавычки"</p>', places: EVERYWHERE },
  quote: { html: "<blockquote><p>Цитата</p></blockquote>", places: ["content", "task"] },
  /** A picture uploaded from «Вставить изображение» after a paragraph. */
  image: {
    html: `<p>Схема</p><img src="${SAMPLE_CONTENT_IMAGE_URL}" alt="схема.gif" />`,
    places: ["content"],
  },
  /** A stored table (seeded instructions have them), kept while the text after it is edited. */
  table: {
    html: '<table><thead><tr><th colspan="2">Показатель</th></tr></thead><tbody><tr><td>Надой</td><td>25</td></tr></tbody></table><p>Ещё текст</p>',
    places: ["content"],
  },
} as const satisfies Record<string, RichTextSample>;
