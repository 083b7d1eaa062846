import { HERD_REPORT_TITLES, type HerdReportNumber, type HerdReportQuery } from "@nadoy/contract/herd-reports";
import { Alert, Flex, Skeleton, Spin, Typography } from "antd";
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useParams, useSearchParams } from "react-router";
import { AnimalCardDrawer } from "../../../shared/herd/AnimalCardDrawer.tsx";
import { formatDay } from "../../../shared/herd/herd-format.ts";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { BreadcrumbName } from "../../../shared/ui/BreadcrumbName.tsx";
import { useExportHerdReport, useHerdDatasetCounts, useHerdReport, useHerdSegments } from "../api.ts";
import { DrillDrawer } from "../components/DrillDrawer.tsx";
import { HerdSettingsButton } from "../components/HerdSettingsButton.tsx";
import { KpiCards } from "../components/KpiCards.tsx";
import { NoAnimals } from "../components/NoAnimals.tsx";
import { ReportTableView } from "../components/ReportTableView.tsx";
import { ReportToolbar } from "../components/ReportToolbar.tsx";
import type { ReportDrill } from "../lib/report-format.ts";
import { reportParamsOf, reportQueryOf } from "../lib/report-url.ts";
import "../report-print.css";

// ECharts only once a report with charts is on screen.
const ReportChart = lazy(() => import("../components/ReportChart.tsx").then((m) => ({ default: m.ReportChart })));

/** Whether the database has no animals at all (unknown while its counts have not come). */
function useDatabaseEmpty(dbUuid: string, enabled: boolean): boolean {
  const datasets = useHerdDatasetCounts(enabled);
  const dataset = datasets.data?.find((item) => item.uuid === dbUuid);
  return dataset ? Object.values(dataset.animals_by_status).every((count) => count === 0) : false;
}

/**
 * /services/report/{n}/:uuid — one native herd report of a database: the period, comparison and
 * segment in the URL (a link reproduces the view), KPI cards, charts and tables; every number of
 * animals opens them in a drawer, and each animal its card.
 */
export function HerdReportPage({ n }: { n: HerdReportNumber }) {
  const { uuid = "" } = useParams();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => reportQueryOf(params), [params]);
  const title = HERD_REPORT_TITLES[n];
  const report = useHerdReport(uuid, n, query, uuid !== "");
  const segments = useHerdSegments(uuid, uuid !== "");
  const empty = useDatabaseEmpty(uuid, uuid !== "");
  const exportReport = useExportHerdReport(uuid, n);
  const showFailure = useFailureToast();
  const name = useUserData().data?.user_databases.find((db) => db.uuid === uuid)?.name;
  const [drill, setDrill] = useState<ReportDrill | null>(null);
  const [animal, setAnimal] = useState<string | null>(null);

  useEffect(() => {
    if (report.isError) showFailure(report.error);
  }, [report.isError, report.error, showFailure]);

  const setQuery = useCallback((next: HerdReportQuery) => setParams(reportParamsOf(next)), [setParams]);
  const data = report.data;
  const period = data?.period;
  const onExport = () => {
    const from = query.from ?? period?.from ?? "";
    const to = query.to ?? period?.to ?? "";
    exportReport.mutate(
      { query, fileName: `${title} ${from} — ${to}.xlsx` },
      { onError: (error) => showFailure(error) },
    );
  };

  return (
    <Flex vertical gap="middle" className="herd-report">
      {name ? <BreadcrumbName name={name} section={{ title, href: pathname }} /> : null}
      <Typography.Title level={2} style={{ margin: 0 }}>
        {name ? `${title}: ${name}` : title}
      </Typography.Title>
      <ReportToolbar
        query={query}
        period={period}
        segments={segments.data ?? []}
        onChange={setQuery}
        onExport={onExport}
        exporting={exportReport.isPending}
      />
      {n === 4 ? <HerdSettingsButton dbUuid={uuid} /> : null}
      {data ? (
        <Typography.Text type="secondary">
          Период {formatDay(data.period.from)} — {formatDay(data.period.to)}
          {data.compare ? `, сравнение с ${formatDay(data.compare.from)} — ${formatDay(data.compare.to)}` : ""}
          {`; состояние стада на ${formatDay(data.today)}`}
        </Typography.Text>
      ) : null}
      {empty ? <NoAnimals /> : null}
      {report.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {report.isError && !data ? <Alert type="error" showIcon title={errorMessage(report.error)} /> : null}
      {data ? (
        <Spin spinning={report.isFetching} description="Загрузка…">
          <Flex vertical gap="large">
            <KpiCards kpis={data.kpis} onDrill={setDrill} />
            {data.charts.map((chart) => (
              <figure key={chart.key} aria-label={chart.title} style={{ margin: 0 }}>
                <Typography.Title level={4}>{chart.title}</Typography.Title>
                <Suspense fallback={<Skeleton.Node active style={{ width: "100%", height: 320 }} />}>
                  <ReportChart chart={chart} onDrill={setDrill} />
                </Suspense>
              </figure>
            ))}
            {data.tables.map((table) => (
              <ReportTableView key={table.key} table={table} onDrill={setDrill} />
            ))}
          </Flex>
        </Spin>
      ) : null}
      <DrillDrawer dbUuid={uuid} n={n} drill={drill} onClose={() => setDrill(null)} onOpenAnimal={setAnimal} />
      <AnimalCardDrawer dbUuid={uuid} animalUuid={animal} onClose={() => setAnimal(null)} />
    </Flex>
  );
}

// One component per report route (app/pages.ts takes components without props).
const Report1Page = () => <HerdReportPage n={1} />;
const Report2Page = () => <HerdReportPage n={2} />;
const Report4Page = () => <HerdReportPage n={4} />;
const Report5Page = () => <HerdReportPage n={5} />;
const Report6Page = () => <HerdReportPage n={6} />;
const Report7Page = () => <HerdReportPage n={7} />;
const Report8Page = () => <HerdReportPage n={8} />;

/** The page of each report route of the registry (app/pages.ts). */
export const HERD_REPORT_PAGES: Record<HerdReportNumber, ComponentType> = {
  1: Report1Page,
  2: Report2Page,
  4: Report4Page,
  5: Report5Page,
  6: Report6Page,
  7: Report7Page,
  8: Report8Page,
};
