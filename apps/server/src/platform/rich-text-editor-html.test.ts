import { RICH_TEXT_EDITOR_SAMPLES, type RichTextPlace } from "@nadoy/contract/rich-text-samples";
import { describe, expect, it } from "vitest";
import { sanitizeTaskHtml } from "../features/boards/task-html.ts";
import { formLabel } from "../features/table-lists/form-html.ts";
import { sanitizeContentHtml } from "./rich-text.ts";

// What the web's rich-text editor writes (the samples its own test makes with the editor) is
// stored exactly so: paragraphs from Enter, headings, lists, links, pictures and tables survive
// the sanitiser of each place unchanged.

const SANITISER: Record<RichTextPlace, (html: string) => string> = {
  content: sanitizeContentHtml,
  task: sanitizeTaskHtml,
  form: (html) => formLabel("text_block", html),
};

describe.each(Object.keys(SANITISER) as RichTextPlace[])("the %s sanitiser", (place) => {
  const samples = Object.entries(RICH_TEXT_EDITOR_SAMPLES).filter(([, sample]) =>
    (sample.places as readonly string[]).includes(place),
  );
  it.each(samples)("keeps the editor's %s unchanged", (_name, sample) => {
    expect(SANITISER[place](sample.html)).toBe(sample.html);
  });
});
