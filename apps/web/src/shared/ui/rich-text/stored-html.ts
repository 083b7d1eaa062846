// The editor's HTML (the browser's serialisation of its document) written the way the server's
// sanitiser (sanitize-html) writes it, so that what is saved is stored unchanged and a text opened
// and saved again without edits compares equal: void elements as "<br />", a no-break space as the
// character itself. An empty document is the empty text, so a required field stays empty.

const VOID_ELEMENT = /<(br|hr|img)((?:\s[^>]*)?)>/g;

export function storedHtml(html: string, isEmpty: boolean): string {
  if (isEmpty) return "";
  return html
    .replace(VOID_ELEMENT, (_whole, tag: string, attributes: string) => `<${tag}${attributes} />`)
    .replace(/&nbsp;/g, "\u00a0");
}
