import { act, fireEvent, screen } from "@testing-library/react";
import type { Editor } from "@tiptap/react";

// Driving the WYSIWYG editor (shared/ui/RichTextEditor) in jsdom, which cannot type into a
// contenteditable: text goes in as ProseMirror's own typing does (a text insertion at the cursor),
// keys go to the editable element as keydown events, which its keymaps handle (Enter, Ctrl+B …).

/** The editable text named `name` (found once the lazy editor has loaded) and its Tiptap editor. */
export async function findRichText(name: string): Promise<{ element: HTMLElement; editor: Editor }> {
  const element = await screen.findByRole("textbox", { name });
  // Tiptap keeps its editor on the editable element.
  const editor = (element as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error(`«${name}» is not a rich-text editor`);
  return { element, editor };
}

/** Types `text` at the cursor (in act: the value it hands out is rendered before the next step). */
export function typeRichText(editor: Editor, text: string): void {
  act(() => editor.view.dispatch(editor.state.tr.insertText(text)));
}

/** Presses a key (with modifiers) in the editable text. */
export function pressInRichText(
  element: HTMLElement,
  key: string,
  modifiers: { ctrlKey?: boolean; shiftKey?: boolean; altKey?: boolean } = {},
): void {
  fireEvent.keyDown(element, { key, ...modifiers });
}

/**
 * Loads the lazy editor's module ahead of the tests (in beforeAll): compiling Tiptap takes seconds
 * on a busy machine, which would otherwise count against the first test's time limit.
 */
export async function preloadRichTextEditor(): Promise<void> {
  await import("../shared/ui/rich-text/TiptapEditor.tsx");
}
