import { DownloadOutlined } from "@ant-design/icons";
import type { MonitoringSeriesPoints, MonitoringStats } from "@nadoy/contract/monitoring";
import { Button, Flex, Spin, Table, Typography } from "antd";
import { useMemo, useState } from "react";
import { useApiErrorToast } from "../../../shared/hooks/use-api-error-toast.ts";
import { useExportMonitoringPoints, useMonitoringPoints } from "../api.ts";
import { MonitoringEmpty, NO_READINGS_HINT } from "../components/MonitoringEmpty.tsx";
import { type FrameData, MonitoringFrame } from "../components/MonitoringFrame.tsx";
import { RangeBar } from "../components/RangeBar.tsx";
import { SeriesChart } from "../components/SeriesChart.tsx";
import { RangeCaption, SeriesPicker, seriesLabel } from "../components/SeriesPicker.tsx";
import { useChartWidth } from "../components/use-chart-width.ts";
import { useSiteRange } from "../components/use-site-range.ts";
import { saveCsv } from "../lib/csv.ts";
import { durationText, figure, rangeText, siteDateTime } from "../lib/site-time.ts";

// /equipment_monitoring/monitoring_report/:uuid — sensors of a monitoring database over a range:
// a multi-series chart (points asked for the chart's width), min/max/avg against the previous
// period of equal length, and the periods beyond the thresholds.

const CHARTED = new Set(["sensor", "power"]);

const statsText = (stats: MonitoringStats, unit: string | null) =>
  `${figure(stats.min, unit)} / ${figure(stats.max, unit)} / ${figure(stats.avg, unit)}`;

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

  if (charted.length === 0) {
    return <MonitoringEmpty title="В этой базе пока нет датчиков." hint={NO_READINGS_HINT} />;
  }
  const data = points.data?.series ?? [];
  const label = (id: number) => {
    const s = byId.get(id);
    return s ? seriesLabel(s, catalog.devices) : String(id);
  };
  const exportCsv = () =>
    saveCsv(
      [
        ["Ряд", "Время (местное)", "Минимум", "Максимум", "Среднее", "Показаний"],
        ...data.flatMap((d: MonitoringSeriesPoints) =>
          d.points.t.map((t, i) => [
            label(d.id),
            siteDateTime(t, timeZone),
            d.points.min[i] ?? null,
            d.points.max[i] ?? null,
            d.points.avg[i] ?? null,
            d.points.count[i] ?? null,
          ]),
        ),
      ],
      `Мониторинг ${catalog.database.name} ${rangeText(range, timeZone)}.csv`,
    );
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
        <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={data.length === 0}>
          CSV
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={xlsx.isPending}
          disabled={data.length === 0}
          onClick={() =>
            xlsx.mutate(
              {
                request,
                fileName: `Мониторинг ${catalog.database.name} ${rangeText(range, timeZone)}.xlsx`,
              },
              { onError: showFailure },
            )
          }
        >
          XLSX
        </Button>
      </Flex>
      <RangeCaption range={range} timeZone={timeZone} />
      <div ref={ref}>
        {chosen.length === 0 ? (
          <MonitoringEmpty title="Датчики не выбраны." hint="Выберите один или несколько датчиков в списке выше." />
        ) : points.isPending ? (
          <Spin style={{ display: "block", margin: "48px auto" }} />
        ) : noReadings ? (
          <MonitoringEmpty
            title="За этот период показаний нет."
            hint="Выберите период подлиннее или проверьте, что устройство отправляет показания."
          />
        ) : (
          <SeriesChart data={data} series={byId} timeZone={timeZone} />
        )}
      </div>
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
            render: (_, d) =>
              d.thresholds.count === 0
                ? "—"
                : `${d.thresholds.count} раз, ${durationText(d.thresholds.seconds)} (было ${d.previous_thresholds.count})`,
          },
        ]}
      />
      <ThresholdPeriods data={data} label={label} timeZone={timeZone} />
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
