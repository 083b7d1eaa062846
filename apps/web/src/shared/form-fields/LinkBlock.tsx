import { safeLinkUrl } from "./sanitize.ts";

/**
 * Spec §2 link_block: a link opening in a new tab (rel noopener, so the opened page cannot reach
 * this one). Its text is the element's placeholder, else the address; only http(s) addresses link.
 */
export function LinkBlock({ url, text }: { url: string; text: string }) {
  const href = safeLinkUrl(url);
  const shown = text.trim() !== "" ? text : url;
  if (!href) return <p className="nf-rich">{shown}</p>;
  return (
    <p className="nf-rich">
      <a className="nf-link" href={href} target="_blank" rel="noopener noreferrer">
        {shown}
      </a>
    </p>
  );
}
