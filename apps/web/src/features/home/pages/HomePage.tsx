import type { UserData } from "@nadoy/contract/users";
import { Button, Card, Col, Flex, Row, Typography } from "antd";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { NewsFeed } from "../components/NewsFeed.tsx";

function NameList({ title, items, empty }: { title: string; items: { uuid: string; name: string }[]; empty: string }) {
  return (
    <Card title={title} size="small">
      {items.length === 0 ? (
        <Typography.Text type="secondary">{empty}</Typography.Text>
      ) : (
        <Typography>
          <ul style={{ margin: 0 }}>
            {items.map((item) => (
              <li key={item.uuid}>{item.name}</li>
            ))}
          </ul>
        </Typography>
      )}
    </Card>
  );
}

function greetingName(user: UserData): string {
  return [user.first_name, user.last_name].filter(Boolean).join(" ") || user.username;
}

/**
 * "/" — the news home (spec §2): the greeting, the news feed and, beside it, the user's
 * companies and farms.
 */
export function HomePage() {
  const user = useUserData();

  return (
    <Flex vertical gap="middle">
      {user.isPending ? <PageSpinner text="Загрузка…" /> : null}
      {user.isError ? (
        <Flex gap="small" align="center">
          <Typography.Text type="secondary">Данные пользователя не загрузились.</Typography.Text>
          <Button size="small" onClick={() => void user.refetch()}>
            Повторить
          </Button>
        </Flex>
      ) : null}
      {user.data ? (
        <>
          <Typography.Title level={2} style={{ margin: 0 }}>
            Здравствуйте, {greetingName(user.data)}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={16}>
              <section aria-label="Новости">
                <NewsFeed />
              </section>
            </Col>
            <Col xs={24} lg={8}>
              <Flex vertical gap="middle">
                <NameList title="Компании" items={user.data.user_companies} empty="Нет компаний" />
                <NameList title="Фермы" items={user.data.farms} empty="Нет ферм" />
              </Flex>
            </Col>
          </Row>
        </>
      ) : null}
    </Flex>
  );
}
