import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { findRichText, preloadRichTextEditor, pressInRichText, typeRichText } from "../../../test/rich-text.ts";
import { Description, DescriptionEditor } from "./DescriptionEditor.tsx";

beforeAll(preloadRichTextEditor, 60_000);

describe("a task's description", () => {
  it("is edited as it looks and saved with Enter's paragraphs", async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<DescriptionEditor html="<p>Полить поле</p>" editable onSave={onSave} />);
    fireEvent.click(screen.getByRole("button", { name: "Изменить описание" }));
    const { element, editor } = await findRichText("Описание");
    expect(element.textContent).toBe("Полить поле");
    act(() => editor.commands.setTextSelection(editor.state.doc.content.size - 1));
    pressInRichText(element, "Enter");
    typeRichText(editor, "Проверить насосы");
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("<p>Полить поле</p><p>Проверить насосы</p>"));
  });

  it("shows the headings, quotes, code and rules its editor writes", () => {
    render(
      <Description html="<h1>Цель</h1><blockquote><p>Без простоев</p></blockquote><hr /><pre><code>npm ci</code></pre>" />,
    );
    expect(screen.getByRole("heading", { name: "Цель", level: 1 })).toBeTruthy();
    expect(screen.getByText("Без простоев").closest("blockquote")).toBeTruthy();
    expect(screen.getByRole("separator")).toBeTruthy();
    expect(screen.getByText("npm ci").closest("pre")).toBeTruthy();
  });
});
