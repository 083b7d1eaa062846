import type { UserData } from "@nadoy/contract/users";
import { Button, Flex, Result, Typography } from "antd";
import { useParams } from "react-router";
import { isApiRequestError } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useManagedNews } from "../api.ts";
import { EditorsGate } from "../components/EditorsGate.tsx";
import { NewsForm } from "../components/NewsForm.tsx";

function EditNews({ user, id }: { user: UserData; id: number }) {
  const news = useManagedNews(id);
  const missing = !(Number.isInteger(id) && id > 0) || (isApiRequestError(news.error) && news.error.status === 404);
  if (missing) {
    return (
      <Result
        status="404"
        title="Новость не найдена"
        extra={
          <RouterButtonLink type="primary" to={href.manageNews()}>
            Все новости
          </RouterButtonLink>
        }
      />
    );
  }
  if (news.isError) {
    return (
      <Flex gap="small" align="center">
        <Typography.Text type="secondary">Новость не загрузилась.</Typography.Text>
        <Button size="small" onClick={() => void news.refetch()}>
          Повторить
        </Button>
      </Flex>
    );
  }
  if (!news.data) return <PageSpinner text="Загрузка…" />;
  return (
    <Flex vertical gap="middle">
      <RouterLink to={href.manageNews()}>← Все новости</RouterLink>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Редактирование новости
      </Typography.Title>
      {/* A new form per item (after «Сохранить черновик» the page changes from one id to another). */}
      <NewsForm key={news.data.id} user={user} item={news.data} />
    </Flex>
  );
}

/** /news-edit/:id — the news form for a saved item, with publishing. */
export function NewsEditPage() {
  const id = Number(useParams().id);
  return <EditorsGate>{(user) => <EditNews user={user} id={id} />}</EditorsGate>;
}
