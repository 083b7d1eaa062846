import { Typography } from "antd";
import changelog from "../../../../../../CHANGELOG.md?raw";
import { href } from "../../../shared/routes/href.ts";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { inlineParts, markdownBlocks } from "../markdown-blocks.ts";

function Inline({ text }: { text: string }) {
  return inlineParts(text).map((part, index) => {
    const key = `${index}-${part.kind}`;
    if (part.kind === "strong") return <strong key={key}>{part.text}</strong>;
    if (part.kind === "code") return <code key={key}>{part.text}</code>;
    return <span key={key}>{part.text}</span>;
  });
}

const BLOCKS = markdownBlocks(changelog);

/** /changelog: the root CHANGELOG.md, bundled at build time. */
export function ChangelogPage() {
  return (
    <Typography>
      {BLOCKS.map((block, index) => {
        const key = `${index}-${block.kind}`;
        if (block.kind === "heading") {
          return (
            <Typography.Title key={key} level={block.level}>
              <Inline text={block.text} />
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
