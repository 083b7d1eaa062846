import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Flex, Result, Typography } from "antd";
import { useParams } from "react-router";
import { isApiRequestError } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { BreadcrumbName } from "../../../shared/ui/BreadcrumbName.tsx";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useNewsItem } from "../api.ts";
import { NewsBody } from "../components/NewsBody.tsx";
import { newsDate } from "../lib/news-date.ts";

function BackLink() {
  return (
    <RouterLink to={href.home()}>
      <ArrowLeftOutlined /> Все новости
    </RouterLink>
  );
}

/** /news/:id — one news item for readers; outside the reader's audience it is «not found» too. */
export function NewsPage() {
  const id = Number(useParams().id);
  const news = useNewsItem(id);

  const notFound = !(Number.isInteger(id) && id > 0) || (isApiRequestError(news.error) && news.error.status === 404);
  if (notFound) {
    return (
      <Result
        status="404"
        title="Новость не найдена"
        subTitle="Её удалили, сняли с публикации или она адресована не вам."
        extra={
          <RouterButtonLink type="primary" to={href.home()}>
            Все новости
          </RouterButtonLink>
        }
      />
    );
  }
  if (news.isError) {
    return (
      <Flex vertical gap="small" align="start">
        <BackLink />
        <Typography.Text type="secondary">Новость не загрузилась.</Typography.Text>
        <Button size="small" onClick={() => void news.refetch()}>
          Повторить
        </Button>
      </Flex>
    );
  }
  if (!news.data) return <PageSpinner text="Загрузка…" />;

  const item = news.data;
  return (
    <article style={{ maxWidth: 820 }}>
      <Flex vertical gap="middle">
        <BreadcrumbName name={item.title} section={{ title: "Новости", href: href.home() }} />
        <BackLink />
        <header>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {item.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            <time dateTime={item.publish_at}>{newsDate(item.publish_at)}</time>
          </Typography.Text>
        </header>
        {item.cover_url ? (
          <img
            src={item.cover_url}
            alt=""
            style={{ maxWidth: "100%", maxHeight: 420, objectFit: "cover", borderRadius: 8 }}
          />
        ) : null}
        <Typography>
          <NewsBody html={item.body} />
        </Typography>
      </Flex>
    </article>
  );
}
