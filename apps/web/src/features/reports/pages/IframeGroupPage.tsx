import { Empty, Flex, Result, Typography } from "antd";
import { useParams } from "react-router";
import { isApiRequestError } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useUserReportGroups } from "../api.ts";
import { LoadFailed } from "../components/LoadFailed.tsx";
import { CardGrid, GroupCard, ReportCard } from "../components/PortalCards.tsx";

export const GROUPS_NOT_FOUND = "Группы не найдены";

const positiveInt = (value: string | undefined): number | null =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

/**
 * /iframe-group/:user/:group? — a user's report groups as cards (the user themselves, or an
 * admin); with `:group` (its pk), that group's reports as cards linking to /report/:uuid.
 */
export function IframeGroupPage() {
  const params = useParams();
  const userId = positiveInt(params.user);
  const groupPk = params.group === undefined ? null : positiveInt(params.group);
  const answer = useUserReportGroups(userId);

  if (userId === null || (params.group !== undefined && groupPk === null)) {
    return <Result status="404" title={GROUPS_NOT_FOUND} />;
  }
  if (answer.isError) {
    if (isApiRequestError(answer.error) && answer.error.status === 404) {
      return <Result status="404" title={GROUPS_NOT_FOUND} />;
    }
    return <LoadFailed what="Группы отчётов не загрузились." onRetry={() => void answer.refetch()} />;
  }
  if (answer.isPending) return <PageSpinner text="Загрузка…" />;

  const { user, groups } = answer.data;
  const group = groupPk === null ? null : groups.find((candidate) => candidate.pk === groupPk);
  if (group === undefined) return <Result status="404" title={GROUPS_NOT_FOUND} />;

  return (
    <Flex vertical gap="middle">
      <Flex vertical gap={4}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {group ? group.title : "Группы отчётов"}
        </Typography.Title>
        <Typography.Text type="secondary">
          {group ? (
            <RouterLink to={href.iframeGroup({ user: user.id })}>Все группы: {user.name}</RouterLink>
          ) : (
            `Пользователь: ${user.name}`
          )}
        </Typography.Text>
      </Flex>
      {group ? (
        group.iframegroup.length > 0 ? (
          <CardGrid label={`Отчёты группы «${group.title}»`}>
            {group.iframegroup.map((report) => (
              <ReportCard key={report.uuid} report={report} />
            ))}
          </CardGrid>
        ) : (
          <Typography.Text type="secondary">В группе пока нет отчётов</Typography.Text>
        )
      ) : groups.length > 0 ? (
        <CardGrid label="Группы отчётов">
          {groups.map((item) => (
            <GroupCard
              key={item.pk}
              group={item}
              to={href.iframeGroup({ user: user.id, group: item.pk })}
              hideReports
            />
          ))}
        </CardGrid>
      ) : (
        <Empty description="У пользователя пока нет групп отчётов" />
      )}
    </Flex>
  );
}
