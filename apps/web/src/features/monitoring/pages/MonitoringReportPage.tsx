import type { MonitoringSeriesPoints, MonitoringStats } from "@nadoy/contract/monitoring";
import { pluralRu } from "@nadoy/contract/plural";
import { Flex, Spin, Table, Typography } from "antd";
import { useCallback, useMemo, useState } from "react";
import { useApiErrorToast } from "../../../shared/hooks/use-api-error-toast.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { useExportMonitoringPoints, useMonitoringPoints } from "../api.ts";
import { ExportButtons } from "../components/ExportButtons.tsx";
import { MonitoringEmpty, NO_READINGS_HINT } from "../components/MonitoringEmpty.tsx";
import { type FrameData, MonitoringFrame } from "../components/MonitoringFrame.tsx";
import { RangeBar } from "../components/RangeBar.tsx";
import { SeriesChart } from "../components/SeriesChart.tsx";
import { RangeCaption, SeriesPicker, seriesLabel } from "../components/SeriesPicker.tsx";
import { useChartWidth } from "../components/use-chart-width.ts";
import { useSiteRange } from "../components/use-site-range.ts";
import { exportFileName } from "../lib/csv.ts";
import { durationText, figure, siteDateTime } from "../lib/site-time.ts";

// /equipment_monitoring/monitoring_report/:uuid — sensors of a monitoring database over a range:
// a multi-series chart (points asked for the chart's width), min/max/avg against the previous
// period of equal length, and the periods beyond the thresholds.

const CHARTED = new Set(["sensor", "power"]);

const statsText = (stats: MonitoringStats, unit: string | null) =>
  `${figure(stats.min, unit)} / ${figure(stats.max, unit)} / ${figure(stats.avg, unit)}`;

/** «2 раза, 30 мин (было 1)». */
const thresholdsText = (d: MonitoringSeriesPoints) =>
  d.thresholds.count === 0
    ? "—"
    : `${d.thresholds.count} ${pluralRu(d.thresholds.count, ["раз", "раза", "раз"])}, ${durationText(d.thresholds.seconds)} (было ${d.previous_thresholds.count})`;

/**
 * The chart's buckets as a table: each is the interval [start, start + step) — not a reading's
 * time — with the min, max and average read in it. The last one ends with the range.
 */
function pointRows(
  data: readonly MonitoringSeriesPoints[],
  rangeEnd: string,
  label: (id: number) => string,
  timeZone: string,
) {
  const end = Date.parse(rangeEnd);
  return [
    ["Датчик", "Интервал с (время площадки)", "по", "Минимум", "Максимум", "Среднее", "Показаний"],
    ...data.flatMap((d) =>
      d.points.t.map((t, i) => [
        label(d.id),
        siteDateTime(t, timeZone),
        siteDateTime(Math.min(t + d.step_seconds * 1000, end), timeZone),
        d.points.min[i] ?? null,
        d.points.max[i] ?? null,
        d.points.avg[i] ?? null,
        d.points.count[i] ?? null,
      ]),
    ),
  ];
}

function Report({ dbUuid, catalog, timeZone }: FrameData) {
  const charted = useMemo(() => catalog.series.filter((s) => CHARTED.has(s.kind)), [catalog]);
  const byId = useMemo(() => new Map(catalog.series.map((s) => [s.id, s])), [catalog]);
  const [chosen, setChosen] = useState<number[]>(() => charted.slice(0, 3).map((s) => s.id));
  const { pick, range, setPick, setCustom } = useSiteRange(timeZone, "today", dbUuid);
  const { ref, width } = useChartWidth<HTMLDivElement>();
  const request = { series: chosen, ...range, width };
  const points = useMonitoringPoints(dbUuid, request);
  const xlsx = useExportMonitoringPoints(dbUuid);
  const showFailure = useApiErrorToast();
  const label = useCallback(
    (id: number) => {
      const s = byId.get(id);
      return s ? seriesLabel(s, catalog.devices) : String(id);
    },
    [byId, catalog],
  );

  if (charted.length === 0) {
    return <MonitoringEmpty title="В этой базе пока нет датчиков." hint={NO_READINGS_HINT} />;
  }
  const data = points.data?.series ?? [];
  const fileName = exportFileName(catalog.database.name, "датчики", range, timeZone);
  const noReadings = points.isSuccess && data.every((d) => d.points.t.length === 0);

  return (
    <>
      <Flex gap="small" wrap align="center">
        <SeriesPicker
          label="Датчики"
          placeholder="Выберите датчики"
          series={charted}
          devices={catalog.devices}
          value={chosen}
          onChange={setChosen}
        />
        <RangeBar pick={pick} range={range} timeZone={timeZone} onPick={setPick} onCustom={setCustom} />
        <ExportButtons
          rows={() => pointRows(data, points.data?.to ?? range.to, label, timeZone)}
          fileName={fileName}
          disabled={data.length === 0}
          // The server's workbook has the table's sheet and more: the summary, the periods, the parameters.
          serverXlsx={{
            loading: xlsx.isPending,
            onClick: () => xlsx.mutate({ request, fileName: `${fileName}.xlsx` }, { onError: showFailure }),
          }}
        />
      </Flex>
      <RangeCaption range={range} timeZone={timeZone} />
      <div ref={ref}>
        {chosen.length === 0 ? (
          <MonitoringEmpty title="Датчики не выбраны." hint="Выберите один или несколько датчиков в списке выше." />
        ) : points.isPending ? (
          <Spin style={{ display: "block", margin: "48px auto" }} />
        ) : points.isError ? (
          <Typography.Text type="danger">{errorMessage(points.error)}</Typography.Text>
        ) : noReadings ? (
          <MonitoringEmpty
            title="За этот период показаний нет."
            hint="Выберите период подлиннее или проверьте, что устройство отправляет показания."
          />
        ) : (
          <SeriesChart data={data} series={byId} timeZone={timeZone} label={label} />
        )}
      </div>
      {!points.isError && (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="id"
            aria-label="Минимум, максимум и среднее"
            dataSource={data}
            columns={[
              { title: "Датчик", key: "name", render: (_, d) => label(d.id) },
              {
                title: "Мин. / макс. / среднее",
                key: "stats",
                render: (_, d) => statsText(d.stats, byId.get(d.id)?.unit ?? null),
              },
              {
                title: "Прошлый период",
                key: "previous",
                render: (_, d) => statsText(d.previous_stats, byId.get(d.id)?.unit ?? null),
              },
              {
                title: "За порогами",
                key: "thresholds",
                render: (_, d) => thresholdsText(d),
              },
            ]}
          />
          <ThresholdPeriods data={data} label={label} timeZone={timeZone} />
        </>
      )}
    </>
  );
}

function ThresholdPeriods({
  data,
  label,
  timeZone,
}: {
  data: readonly MonitoringSeriesPoints[];
  label: (id: number) => string;
  timeZone: string;
}) {
  const rows = data.flatMap((d) => d.thresholds.items.map((p) => ({ ...p, id: d.id, key: `${d.id}-${p.start}` })));
  if (rows.length === 0) return null;
  return (
    <>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Выходы за пороги
      </Typography.Title>
      <Table
        size="small"
        rowKey="key"
        aria-label="Выходы за пороги"
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: "Датчик", key: "name", render: (_, p) => label(p.id) },
          { title: "Порог", key: "side", render: (_, p) => (p.side === "high" ? "Выше верхнего" : "Ниже нижнего") },
          { title: "Начало", key: "start", render: (_, p) => siteDateTime(p.start, timeZone) },
          {
            title: "Конец",
            key: "end",
            render: (_, p) => (p.ongoing ? "продолжается" : siteDateTime(p.end, timeZone)),
          },
          { title: "Длительность", key: "seconds", render: (_, p) => durationText(p.seconds) },
          { title: "Пик", key: "peak", render: (_, p) => figure(p.peak) },
        ]}
      />
    </>
  );
}

export function MonitoringReportPage() {
  return <MonitoringFrame title="Мониторинг оборудования">{(data) => <Report {...data} />}</MonitoringFrame>;
}
