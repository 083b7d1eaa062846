import type { UserData } from "@nadoy/contract/users";
import type { QueryClient } from "@tanstack/react-query";
import { Button, Col, Flex, Row } from "antd";
import { useLayoutEffect } from "react";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { dismissFirstView } from "../../../shared/lib/first-view.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { Panel } from "../../../shared/ui/Panel.tsx";
import { Text, Title } from "../../../shared/ui/text.tsx";
import { newsFeedQuery } from "../api.ts";
import { NewsFeed } from "../components/NewsFeed.tsx";

/**
 * Asks for the news feed's page before the page renders (app/preload-route, on the first visit):
 * here, in the page's own chunk, so that the preload loads no chunk of its own.
 */
export function prefetchNewsFeed(queryClient: QueryClient, page: number): Promise<void> {
  return queryClient.prefetchQuery(newsFeedQuery(page));
}

function NameList({ title, items, empty }: { title: string; items: { uuid: string; name: string }[]; empty: string }) {
  return (
    <Panel title={title}>
      {items.length === 0 ? (
        <Text type="secondary">{empty}</Text>
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {items.map((item) => (
            <li key={item.uuid}>{item.name}</li>
          ))}
        </ul>
      )}
    </Panel>
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
  // The greeting (or the error) is on the page now: the boot script's first view goes in the same
  // commit, before the browser paints — never two greetings at once. The feed follows from the
  // answer the script already has (shared/lib/early-responses.ts).
  const settled = !user.isPending;
  useLayoutEffect(() => {
    if (settled) dismissFirstView();
  }, [settled]);

  return (
    <Flex vertical gap="middle">
      {user.isPending ? <PageSpinner text="Загрузка…" /> : null}
      {user.isError ? (
        <Flex gap="small" align="center">
          <Text type="secondary">Данные пользователя не загрузились.</Text>
          <Button size="small" onClick={() => void user.refetch()}>
            Повторить
          </Button>
        </Flex>
      ) : null}
      {user.data ? (
        <>
          <Title level={2}>Здравствуйте, {greetingName(user.data)}</Title>
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
