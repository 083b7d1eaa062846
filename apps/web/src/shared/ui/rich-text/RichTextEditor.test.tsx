import { RICH_TEXT_EDITOR_SAMPLES, SAMPLE_CONTENT_IMAGE_URL } from "@nadoy/contract/rich-text-samples";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { Editor } from "@tiptap/react";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { findRichText, preloadRichTextEditor, pressInRichText, typeRichText } from "../../../test/rich-text.ts";
import { RichTextEditor, type RichTextEditorProps } from "../RichTextEditor.tsx";

beforeAll(preloadRichTextEditor, 60_000);

type Profile = RichTextEditorProps["profile"];
type SampleName = keyof typeof RICH_TEXT_EDITOR_SAMPLES;

/** The editor as a form holds it, handing each value it emits to `emitted` too. */
function Holder({ initial, emitted, ...props }: RichTextEditorProps & { initial: string; emitted: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      {...props}
      value={value}
      onChange={(html) => {
        emitted.push(html);
        setValue(html);
      }}
    />
  );
}

/** `emitted` is every value the editor handed out. */
function renderEditor(profile: Profile, initial = "", extra: Partial<RichTextEditorProps> = {}) {
  const emitted: string[] = [];
  render(<Holder label="Текст" profile={profile} initial={initial} emitted={emitted} {...extra} />);
  return { emitted, last: () => emitted.at(-1) };
}

/** A form whose «Сбросить» puts another value into the editor. */
function Resettable() {
  const [value, setValue] = useState("<p>Черновик</p>");
  return (
    <>
      <RichTextEditor label="Текст" profile="content" value={value} onChange={setValue} />
      <button type="button" onClick={() => setValue("<p>Сохранённый</p>")}>
        Сбросить
      </button>
    </>
  );
}

const toolbar = () => screen.getByRole("toolbar", { name: "Текст: оформление" });
const tool = (name: string) => within(toolbar()).getByRole("button", { name });
const click = (button: HTMLElement) => act(() => fireEvent.click(button));

async function linkThroughDialog(address: string) {
  click(tool("Ссылка"));
  const dialog = await screen.findByRole("dialog");
  fireEvent.change(within(dialog).getByRole("textbox", { name: "Адрес ссылки" }), { target: { value: address } });
  click(within(dialog).getByRole("button", { name: "Вставить" }));
}

interface Driver {
  element: HTMLElement;
  editor: Editor;
}

/** What a user does in the editor to make each sample (contract rich-text-samples.ts). */
const MAKE: Record<SampleName, { initial?: string; make: (driver: Driver) => Promise<void> | void }> = {
  paragraphs: {
    make: ({ element, editor }) => {
      typeRichText(editor, "Первый абзац");
      pressInRichText(element, "Enter");
      typeRichText(editor, "Второй абзац");
    },
  },
  heading: {
    make: ({ element, editor }) => {
      click(tool("Заголовок"));
      typeRichText(editor, "Итоги");
      pressInRichText(element, "Enter");
      typeRichText(editor, "Текст");
    },
  },
  subheading: {
    make: ({ editor }) => {
      typeRichText(editor, "Подробности");
      click(tool("Подзаголовок"));
    },
  },
  formatting: {
    make: ({ element, editor }) => {
      pressInRichText(element, "b", { ctrlKey: true });
      typeRichText(editor, "жирный");
      pressInRichText(element, "b", { ctrlKey: true });
      typeRichText(editor, " ");
      click(tool("Курсив"));
      typeRichText(editor, "курсив");
      click(tool("Курсив"));
      typeRichText(editor, " ");
      pressInRichText(element, "u", { ctrlKey: true });
      typeRichText(editor, "подчёркнутый");
    },
  },
  lineBreak: {
    make: ({ element, editor }) => {
      typeRichText(editor, "Строка");
      pressInRichText(element, "Enter", { shiftKey: true });
      typeRichText(editor, "Вторая строка");
    },
  },
  bulletList: {
    make: ({ element, editor }) => {
      click(tool("Маркированный список"));
      typeRichText(editor, "Один");
      pressInRichText(element, "Enter");
      typeRichText(editor, "Два");
    },
  },
  orderedList: {
    make: ({ element, editor }) => {
      click(tool("Нумерованный список"));
      typeRichText(editor, "Первый");
      pressInRichText(element, "Enter");
      typeRichText(editor, "Второй");
    },
  },
  link: {
    make: async ({ editor }) => {
      typeRichText(editor, "Сайт");
      act(() => editor.commands.setTextSelection({ from: 1, to: 5 }));
      await linkThroughDialog("example.ru");
    },
  },
  mailLink: {
    make: async ({ editor }) => {
      typeRichText(editor, "Пишите: ");
      await linkThroughDialog("info@example.ru");
    },
  },
  specialCharacters: {
    make: ({ editor }) => typeRichText(editor, '1 < 2 && 3 > 2, "кавычки"'),
  },
  quote: {
    make: ({ editor }) => {
      click(tool("Цитата"));
      typeRichText(editor, "Цитата");
    },
  },
  image: {
    make: async ({ editor }) => {
      typeRichText(editor, "Схема");
      const file = new File(["GIF89a"], "схема.gif", { type: "image/gif" });
      fireEvent.change(screen.getByLabelText("Текст: файл изображения"), { target: { files: [file] } });
      await waitFor(() => expect(editor.getHTML()).toContain("<img"));
    },
  },
  table: {
    initial:
      '<table><thead><tr><th colspan="2">Показатель</th></tr></thead><tbody><tr><td>Надой</td><td>25</td></tr></tbody></table><p>Ещё</p>',
    make: ({ editor }) => {
      act(() => editor.commands.setTextSelection(editor.state.doc.content.size - 1));
      typeRichText(editor, " текст");
    },
  },
};

const uploadImage = vi.fn(async () => SAMPLE_CONTENT_IMAGE_URL);

describe.each(["content", "task", "form"] as const)("the %s editor writes the HTML its sanitiser keeps", (place) => {
  const samples = Object.entries(RICH_TEXT_EDITOR_SAMPLES).filter(([, sample]) =>
    (sample.places as readonly string[]).includes(place),
  );
  it.each(samples)("%s", async (name, sample) => {
    const { initial, make } = MAKE[name as SampleName];
    const { last } = renderEditor(place, initial, { uploadImage });
    await make(await findRichText("Текст"));
    expect(last()).toBe(sample.html);
  });
});

describe("RichTextEditor", () => {
  it("offers only what the place keeps: no quotes or pictures in a form's text", async () => {
    renderEditor("form", "", { uploadImage });
    await findRichText("Текст");
    expect(within(toolbar()).queryByRole("button", { name: "Цитата" })).toBeNull();
    expect(within(toolbar()).queryByRole("button", { name: "Вставить изображение" })).toBeNull();
    expect(tool("Заголовок")).toBeTruthy();
  });

  it("shows the formatting at the cursor as pressed buttons", async () => {
    renderEditor("content");
    const { element, editor } = await findRichText("Текст");
    expect(tool("Жирный").getAttribute("aria-pressed")).toBe("false");
    pressInRichText(element, "b", { ctrlKey: true });
    typeRichText(editor, "жирный");
    await waitFor(() => expect(tool("Жирный").getAttribute("aria-pressed")).toBe("true"));
  });

  it("opens stored text as it looks, hands nothing out until it is edited, and gives '' when emptied", async () => {
    const { emitted } = renderEditor("content", "<p>Было <strong>важно</strong></p>");
    const { element, editor } = await findRichText("Текст");
    expect(within(element).getByText("важно").tagName).toBe("STRONG");
    expect(emitted).toEqual([]);
    act(() => editor.commands.clearContent(true));
    expect(emitted).toEqual([""]);
  });

  it("takes a new value from outside (a form reset) into the editor", async () => {
    render(<Resettable />);
    const { element } = await findRichText("Текст");
    fireEvent.click(screen.getByRole("button", { name: "Сбросить" }));
    await waitFor(() => expect(element.textContent).toBe("Сохранённый"));
  });

  it("asks a link's address in Russian and refuses what is not a site or an e-mail; Ctrl+K opens it", async () => {
    const { emitted } = renderEditor("content");
    const { element, editor } = await findRichText("Текст");
    typeRichText(editor, "Сайт");
    act(() => editor.commands.setTextSelection({ from: 1, to: 5 }));
    pressInRichText(element, "k", { ctrlKey: true });
    const dialog = await screen.findByRole("dialog", { name: "Вставить ссылку" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Адрес ссылки" }), {
      target: { value: "javascript:alert(1)" },
    });
    click(within(dialog).getByRole("button", { name: "Вставить" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "Введите адрес сайта (http:// или https://) или электронной почты",
    );
    expect(emitted.at(-1)).toBe("<p>Сайт</p>");
  });

  it("says under the editor when the text is longer than the server takes", async () => {
    renderEditor("content", "", { maxLength: 20 });
    const { editor } = await findRichText("Текст");
    typeRichText(editor, "Двадцать с лишним знаков");
    expect((await screen.findByRole("alert")).textContent).toContain("Текст слишком длинный: 31 из 20 знаков");
  });

  it("shows an upload's failure under the editor", async () => {
    renderEditor("content", "", { uploadImage: () => Promise.reject(new Error("Файл больше 5 МБ")) });
    await findRichText("Текст");
    const file = new File(["x"], "big.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Текст: файл изображения"), { target: { files: [file] } });
    expect((await screen.findByRole("alert")).textContent).toBe("Файл больше 5 МБ");
  });
});
