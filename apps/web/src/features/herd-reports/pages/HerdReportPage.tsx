import type { HerdDataset } from "@nadoy/contract/herd";
import { HERD_REPORT_TITLES, type HerdReportNumber, type HerdReportQuery } from "@nadoy/contract/herd-reports";
import { Alert, Button, Empty, Flex, Result, Skeleton, Spin, Typography } from "antd";
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useParams, useSearchParams } from "react-router";
import { AnimalCardDrawer } from "../../../shared/herd/AnimalCardDrawer.tsx";
import { formatDay } from "../../../shared/herd/herd-format.ts";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { errorMessage, isApiRequestError } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { BreadcrumbName } from "../../../shared/ui/BreadcrumbName.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useExportHerdReport, useHerdDatasetCounts, useHerdReport, useHerdSegments } from "../api.ts";
import { DrillDrawer } from "../components/DrillDrawer.tsx";
import { HerdSettingsButton } from "../components/HerdSettingsButton.tsx";
import { KpiCards } from "../components/KpiCards.tsx";
import { NoAnimals } from "../components/NoAnimals.tsx";
import { ReportTableView } from "../components/ReportTableView.tsx";
import { ReportToolbar } from "../components/ReportToolbar.tsx";
import {
  HERD_DATA_STALE_DAYS,
  type HerdDataSpan,
  herdDataSpan,
  lastYearOfData,
  periodHasData,
} from "../lib/data-span.ts";
import { exportFileName, type ReportDrill, reportConditions } from "../lib/report-format.ts";
import { askedQuery, linkSegment, missingSegmentLabel, SEGMENT_GONE } from "../lib/report-segment.ts";
import { reportParamsOf, reportQueryOf, UUID } from "../lib/report-url.ts";
import "../report-print.css";

// ECharts only once a report with charts is on screen.
const ReportChart = lazy(() => import("../components/ReportChart.tsx").then((m) => ({ default: m.ReportChart })));

/** The database's counts and the days its data covers (unknown while they have not come). */
function useDataset(dbUuid: string, enabled: boolean): HerdDataset | undefined {
  const datasets = useHerdDatasetCounts(enabled);
  return datasets.data?.find((item) => item.uuid === dbUuid);
}

/** A database the caller cannot read (404), or a link whose database is not a database at all. */
function NoSuchDatabase() {
  return (
    <Result
      status="404"
      title="База не найдена или у вас нет к ней доступа"
      subTitle="Проверьте ссылку или выберите базу в меню слева. Если база ваша, попросите администратора открыть вам доступ к ней."
      extra={
        <RouterLink to={href.home()}>
          <Button type="primary">На главную</Button>
        </RouterLink>
      }
    />
  );
}

/** The period has no events or test days: say which days the data covers and offer them. */
function NoDataInPeriod({ span, onShow }: { span: HerdDataSpan; onShow: () => void }) {
  return (
    <Empty
      description={
        <>
          За выбранный период данных нет. Данные базы — с {formatDay(span.from)} по {formatDay(span.to)}: выберите
          период в этих пределах.
        </>
      }
    >
      <Button type="primary" onClick={onShow}>
        Показать последние 12 месяцев данных
      </Button>
    </Empty>
  );
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
  // A link whose database is not a UUID is refused here, as the server refuses another company's.
  const known = UUID.test(uuid);
  const segments = useHerdSegments(uuid, known);
  // A saved segment of the link is looked up first: one that is gone is left out, and said so.
  const link = linkSegment(query.segment, segments);
  const asked = askedQuery(query, link);
  const report = useHerdReport(uuid, n, asked, known && link.state !== "checking");
  const dataset = useDataset(uuid, known);
  const empty = dataset ? Object.values(dataset.animals_by_status).every((count) => count === 0) : false;
  const span = dataset ? herdDataSpan(dataset) : null;
  const exportReport = useExportHerdReport(uuid, n);
  const showFailure = useFailureToast();
  const name = useUserData().data?.user_databases.find((db) => db.uuid === uuid)?.name;
  const [drill, setDrill] = useState<ReportDrill | null>(null);
  const [animal, setAnimal] = useState<string | null>(null);

  // The page says what failed in words (the database, the segment or the period); the toast is for the rest.
  const notFound = isNotFound(report.error);
  const missing = !known || (notFound && (asked.segment === undefined || isNotFound(segments.error)));
  const refused = isApiRequestError(report.error) && report.error.status === 400;
  useEffect(() => {
    if (report.isError && !notFound && !refused) showFailure(report.error);
  }, [report.isError, report.error, notFound, refused, showFailure]);
  // The segment was deleted after the list came: the list again, and the report without it.
  const segmentRefused = notFound && link.state === "found";
  const refetchSegments = segments.refetch;
  useEffect(() => {
    if (segmentRefused) void refetchSegments();
  }, [segmentRefused, refetchSegments]);

  const setQuery = useCallback((next: HerdReportQuery) => setParams(reportParamsOf(next)), [setParams]);
  const data = report.data;
  const period = data?.period;
  const onExport = () => {
    const shown = { from: query.from ?? period?.from ?? "", to: query.to ?? period?.to ?? "" };
    exportReport.mutate(
      { query: asked, fileName: exportFileName(title, name, shown) },
      { onError: (error) => showFailure(error) },
    );
  };
  const noData = data && span ? !periodHasData(span, data.period) : false;
  const staleDays = data && span ? daysBetween(span.to, data.today) : 0;

  if (missing)
    return (
      <Flex vertical gap="middle" className="herd-report">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <NoSuchDatabase />
      </Flex>
    );

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
        missingSegmentLabel={missingSegmentLabel(link)}
        onChange={setQuery}
        onExport={onExport}
        exporting={exportReport.isPending}
        disabled={!data}
      />
      {link.state === "gone" ? (
        <Alert
          type="warning"
          showIcon
          title={SEGMENT_GONE}
          description="Сегмент из ссылки удалён или больше вам недоступен, поэтому отчёт показан без него."
          action={
            <Button size="small" onClick={() => setQuery(asked)}>
              Убрать из ссылки
            </Button>
          }
        />
      ) : null}
      {n === 4 ? <HerdSettingsButton dbUuid={uuid} /> : null}
      {data ? (
        <Typography.Text type="secondary">
          Период {formatDay(data.period.from)} — {formatDay(data.period.to)}
          {data.compare ? `, сравнение с ${formatDay(data.compare.from)} — ${formatDay(data.compare.to)}` : ""}
          {`; состояние стада на ${formatDay(data.today)}`}
          {span ? ` (последние данные — ${formatDay(span.to)})` : ""}
        </Typography.Text>
      ) : null}
      <Typography.Text className="herd-report-conditions">
        {reportConditions(asked, link.state === "found" ? link.name : undefined)}
      </Typography.Text>
      {span && staleDays > HERD_DATA_STALE_DAYS ? (
        <Alert
          type="warning"
          showIcon
          title={`Последние данные базы — от ${formatDay(span.to)}`}
          description={`Данные не обновлялись ${staleDays.toLocaleString("ru-RU")} дн.: показатели «на сегодня» (дни лактации, сухостойные, выбытие за год) описывают стадо, каким оно было тогда. Загрузите свежие данные или выберите период до ${formatDay(span.to)}.`}
        />
      ) : null}
      {empty ? <NoAnimals /> : null}
      {report.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {report.isError && !data ? <Alert type="error" showIcon title={errorMessage(report.error)} /> : null}
      {noData && span ? (
        <NoDataInPeriod span={span} onShow={() => setQuery({ ...query, ...lastYearOfData(span) })} />
      ) : null}
      {data && !noData ? (
        <Spin spinning={report.isFetching} description="Загрузка…">
          <Flex vertical gap="large">
            <KpiCards kpis={data.kpis} onDrill={setDrill} />
            {data.charts.map((chart) => (
              <figure key={chart.key} aria-label={chart.title} style={{ margin: 0 }}>
                <Typography.Title level={4}>{chart.title}</Typography.Title>
                <Suspense fallback={<Skeleton.Node active style={{ width: "100%", height: 320 }} />}>
                  <ReportChart chart={chart} period={data.period} onDrill={setDrill} />
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

const isNotFound = (error: unknown) => isApiRequestError(error) && error.status === 404;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

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
