import { DownloadOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Empty, Flex, Skeleton, Statistic, Typography } from "antd";
import { lazy, Suspense, useCallback } from "react";
import { useSearchParams } from "react-router";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { useExportUsage, useUsageReport } from "../api.ts";
import { TopUsersTable } from "../components/TopUsersTable.tsx";
import { UsageFilters } from "../components/UsageFilters.tsx";
import { UsageGate } from "../components/UsageGate.tsx";
import { filterOf, paramsOf, queryOf, type UsageFilter } from "../lib/usage-url.ts";

// ECharts is big: its chunk loads with the charts, not with the app or this page.
const UsageCharts = lazy(() => import("../components/UsageCharts.tsx").then((m) => ({ default: m.UsageCharts })));

function UserReports() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const query = queryOf(filter);
  const report = useUsageReport(query);
  const download = useExportUsage();
  const setFilter = useCallback((next: UsageFilter) => setParams(paramsOf(next), { replace: true }), [setParams]);
  const data = report.data;

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ margin: 0 }}>
          Посещаемость
        </Typography.Title>
        <BusyButton
          icon={<DownloadOutlined />}
          busy={download.isPending}
          disabled={!data || data.total === 0}
          onClick={() => download.mutate(query)}
        >
          Скачать XLSX
        </BusyButton>
      </Flex>
      <UsageFilters filter={filter} sections={data?.by_section.map((s) => s.section) ?? []} onChange={setFilter} />
      {download.isError ? <Alert type="error" showIcon title={download.error.message} /> : null}
      {report.isError ? (
        <Flex gap="small" align="center">
          <Typography.Text type="secondary">{report.error.message || "Отчёт не загрузился."}</Typography.Text>
          <Button size="small" onClick={() => void report.refetch()}>
            Повторить
          </Button>
        </Flex>
      ) : !data ? (
        <Skeleton active />
      ) : data.total === 0 ? (
        <Empty description="За выбранный период переходов нет" />
      ) : (
        <>
          <Flex gap="middle" wrap>
            <Card size="small">
              <Statistic title="Переходов" value={data.total} groupSeparator=" " />
            </Card>
            <Card size="small">
              <Statistic title="Пользователей" value={data.users_count} groupSeparator=" " />
            </Card>
          </Flex>
          <Suspense fallback={<Skeleton active />}>
            <UsageCharts report={data} />
          </Suspense>
          <TopUsersTable rows={data.by_user} />
        </>
      )}
    </Flex>
  );
}

/** /user-reports — page hits by day, section and user, with an XLSX download (superusers and role 1). */
export function UserReportsPage() {
  return <UsageGate>{() => <UserReports />}</UsageGate>;
}
