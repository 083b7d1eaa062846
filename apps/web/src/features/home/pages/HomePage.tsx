import type { UserData } from "@nadoy/contract/users";
import { Button, Card, Col, Flex, Row, Typography } from "antd";
import { useNavigate } from "react-router";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";

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

/** The start page until the app shell arrives: who is signed in, their companies and farms. */
export function HomePage() {
  const navigate = useNavigate();
  const user = useUserData();

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Typography.Title level={1} style={{ margin: 0 }}>
          Надой
        </Typography.Title>
        <Button onClick={() => navigate(paths.logout)}>Выйти</Button>
      </Flex>
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
          <Typography.Title level={4} style={{ margin: 0 }}>
            Здравствуйте, {greetingName(user.data)}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12}>
              <NameList title="Компании" items={user.data.user_companies} empty="Нет компаний" />
            </Col>
            <Col xs={24} md={12}>
              <NameList title="Фермы" items={user.data.farms} empty="Нет ферм" />
            </Col>
          </Row>
        </>
      ) : null}
    </Flex>
  );
}
