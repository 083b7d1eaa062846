import { Typography } from "antd";
import { href } from "../../../shared/routes/href.ts";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { inlineParts, markdownBlocks } from "../markdown-blocks.ts";
import releaseNotes from "../release-notes.md?raw";

function Inline({ text }: { text: string }) {
  return inlineParts(text).map((part, index) => {
    const key = `${index}-${part.kind}`;
    if (part.kind === "strong") return <strong key={key}>{part.text}</strong>;
    if (part.kind === "code") return <code key={key}>{part.text}</code>;
    return <span key={key}>{part.text}</span>;
  });
}

const BLOCKS = markdownBlocks(releaseNotes);

const releaseDate = new Intl.DateTimeFormat("ru-RU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A version's heading «0.1.0 — 2026-11-23» as a reader says the date: «0.1.0 — 23 ноября 2026 г.». */
function versionHeading(text: string): string {
  const match = /^(\d+\.\d+\.\d+) — (\d{4}-\d{2}-\d{2})$/.exec(text);
  return match ? `${match[1]} — ${releaseDate.format(new Date(`${match[2]}T00:00:00Z`))}` : text;
}

/**
 * /changelog (the About dialog's version links here): what changed for users, in their words —
 * features/static/release-notes.md, bundled at build time. The root CHANGELOG.md is the
 * developers' and operators' record (settings, API, performance) and is not shown to users.
 */
export function ChangelogPage() {
  return (
    <Typography>
      {BLOCKS.map((block, index) => {
        const key = `${index}-${block.kind}`;
        if (block.kind === "heading") {
          return (
            <Typography.Title key={key} level={block.level}>
              <Inline text={block.level === 2 ? versionHeading(block.text) : block.text} />
            </Typography.Title>
          );
        }
        if (block.kind === "list") {
          return (
            <ul key={key}>
              {block.items.map((item, itemIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is static text
                <li key={itemIndex}>
                  <Inline text={item} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <Typography.Paragraph key={key}>
            <Inline text={block.text} />
          </Typography.Paragraph>
        );
      })}
      <RouterLink to={href.home()}>На главную</RouterLink>
    </Typography>
  );
}
