// Content-Disposition for a downloaded file: the real name as filename* (RFC 5987, UTF-8), and an
// ASCII-only filename for old clients — the name itself when it is plain ASCII, else
// "<fallback>.<ext>" (fallback "file" unless the feature names its files otherwise).

const RFC5987_EXTRA = /['()*]/g;

export function attachmentDisposition(name: string, fallback = "file"): string {
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot).replace(/[^\w.]/g, "") : "";
  const ascii = /^[\x20-\x7e]+$/.test(name) ? name.replace(/["\\]/g, "_") : `${fallback}${extension}`;
  const encoded = encodeURIComponent(name).replace(
    RFC5987_EXTRA,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
