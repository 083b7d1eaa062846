// The snippets of the readers' list (contract instructions.ts: plain text, the start or around a
// match); the article's text without markup is platform/rich-text.ts plainTextOf.

/** About how long a snippet is, in characters. */
export const SNIPPET_LENGTH = 200;

/** At most `max` characters, cut at a word's end, with «…» when something was cut. */
export function cutAtWord(text: string, max: number = SNIPPET_LENGTH): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  const space = head.lastIndexOf(" ");
  const cut = space > max / 2 ? head.slice(0, space) : text.slice(0, max);
  return `${cut.replace(/[\s,.;:—-]+$/u, "")}…`;
}

/** What ts_headline puts around each match (control characters never occur in plain text). */
export const MATCH_START = "\u0002";
export const MATCH_STOP = "\u0003";
const MARKERS = new RegExp(`[${MATCH_START}${MATCH_STOP}]`, "g");

/** Chars of the snippet before the first match, when the text has that many. */
const LEAD = 70;

/**
 * A snippet of about SNIPPET_LENGTH around the first match of a headline (ts_headline: whole words
 * around the best match, matches between MATCH_START and MATCH_STOP), cut at words, with «…» where
 * the text goes on. `at` is where the headline starts in the whole text (1-based, 0 unknown); a
 * headline without a match (the title matched) gives the start of the text, `head`.
 */
export function snippetAround(headline: string, at: number, textLength: number, head: string): string {
  const first = headline.indexOf(MATCH_START);
  if (first < 0) return cutAtWord(head);
  const fragment = headline.replace(MARKERS, "");
  const match = headline.slice(0, first).replace(MARKERS, "").length;
  let start = Math.max(0, match - LEAD);
  if (start > 0) {
    const space = fragment.indexOf(" ", start - 1);
    start = space < 0 || space >= match ? match : space + 1;
  }
  let end = Math.min(fragment.length, start + SNIPPET_LENGTH);
  if (end < fragment.length) {
    const space = fragment.lastIndexOf(" ", end);
    if (space > match) end = space;
  }
  const offset = at > 0 ? at - 1 : 0;
  const before = offset + start > 0 ? "…" : "";
  const after = at > 0 ? offset + end < textLength : end < fragment.length;
  const text = fragment.slice(start, end).trim();
  return after ? `${before}${text.replace(/[\s,.;:—-]+$/u, "")}…` : `${before}${text}`;
}
