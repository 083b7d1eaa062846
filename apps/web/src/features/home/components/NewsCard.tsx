import type { NewsItem } from "@nadoy/contract/content";
import { Flex } from "antd";
import dayjs from "dayjs";
import { href } from "../../../shared/routes/href.ts";
import { Panel } from "../../../shared/ui/Panel.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { Paragraph, Text, Title } from "../../../shared/ui/text.tsx";

// The box keeps the covers' 16:9 shape before the lazy image arrives (the card does not jump), at
// most 240 px tall; any other picture is cropped to fill it, never stretched.
const COVER_STYLE = {
  display: "block",
  width: "100%",
  aspectRatio: "16 / 9",
  maxHeight: 240,
  objectFit: "cover",
} as const;

/** One feed entry: cover, title (a link to the item), publish date and excerpt. */
export function NewsCard({ item }: { item: NewsItem }) {
  return (
    <Panel
      role="article"
      aria-label={item.title}
      cover={item.cover_url ? <img src={item.cover_url} alt="" loading="lazy" style={COVER_STYLE} /> : undefined}
    >
      <Flex vertical gap={4}>
        <Title level={4}>
          <RouterLink to={href.news({ id: item.id })}>{item.title}</RouterLink>
        </Title>
        <Text type="secondary">
          <time dateTime={item.publish_at}>{dayjs(item.publish_at).format("DD.MM.YYYY")}</time>
        </Text>
        {item.excerpt ? <Paragraph>{item.excerpt}</Paragraph> : null}
      </Flex>
    </Panel>
  );
}
