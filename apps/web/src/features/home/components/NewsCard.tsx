import type { NewsItem } from "@nadoy/contract/content";
import { Card, Flex, Typography } from "antd";
import dayjs from "dayjs";
import { href } from "../../../shared/routes/href.ts";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";

const COVER_STYLE = { width: "100%", maxHeight: 240, objectFit: "cover" } as const;

/** One feed entry: cover, title (a link to the item), publish date and excerpt. */
export function NewsCard({ item }: { item: NewsItem }) {
  return (
    <Card
      size="small"
      role="article"
      aria-label={item.title}
      cover={item.cover_url ? <img src={item.cover_url} alt="" loading="lazy" style={COVER_STYLE} /> : undefined}
    >
      <Flex vertical gap={4}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          <RouterLink to={href.news({ id: item.id })}>{item.title}</RouterLink>
        </Typography.Title>
        <Typography.Text type="secondary">
          <time dateTime={item.publish_at}>{dayjs(item.publish_at).format("DD.MM.YYYY")}</time>
        </Typography.Text>
        {item.excerpt ? <Typography.Paragraph style={{ margin: 0 }}>{item.excerpt}</Typography.Paragraph> : null}
      </Flex>
    </Card>
  );
}
