import { Button, Empty, Flex } from "antd";
import { useSearchParams } from "react-router";
import { LazyPagination } from "../../../shared/ui/LazyPagination.tsx";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { Text } from "../../../shared/ui/text.tsx";
import { useNewsFeed } from "../api.ts";
import { NewsCard } from "./NewsCard.tsx";

/** The page number from ?page= (1 when absent or not a positive whole number). */
function pageOf(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The news feed of "/": cards, then paging whose page is kept in the URL (?page=). */
export function NewsFeed() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const feed = useNewsFeed(page);
  if (feed.isPending) return <PageSpinner text="Загрузка новостей…" />;
  if (feed.isError) {
    return (
      <Flex gap="small" align="center">
        <Text type="secondary">Новости не загрузились.</Text>
        <Button size="small" onClick={() => void feed.refetch()}>
          Повторить
        </Button>
      </Flex>
    );
  }
  const { items, total, page_size } = feed.data;
  if (total === 0) return <Empty description="Новостей пока нет" />;
  return (
    <Flex vertical gap="middle" aria-busy={feed.isPlaceholderData}>
      {items.length === 0 ? <Empty description="На этой странице новостей нет" /> : null}
      {items.map((item) => (
        <NewsCard key={item.id} item={item} />
      ))}
      {total > page_size ? (
        <LazyPagination
          align="center"
          current={page}
          pageSize={page_size}
          total={total}
          showSizeChanger={false}
          onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
        />
      ) : null}
    </Flex>
  );
}
