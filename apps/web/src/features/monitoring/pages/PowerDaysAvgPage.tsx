import type { PowerDays, PowerMeans } from "@nadoy/contract/monitoring-averages";
import { Flex, Spin, Table, Typography } from "antd";
import { useState } from "react";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { zoneText } from "../../../shared/lib/zone-text.ts";
import { usePowerDays } from "../api.ts";
import { CategoryChart } from "../components/CategoryChart.tsx";
import { ExportButtons } from "../components/ExportButtons.tsx";
import { MeterChoice } from "../components/MeterChoice.tsx";
import { MonitoringEmpty, NO_READINGS_HINT } from "../components/MonitoringEmpty.tsx";
import { type FrameData, MonitoringFrame } from "../components/MonitoringFrame.tsx";
import { RangeBar } from "../components/RangeBar.tsx";
import { useSiteRange } from "../components/use-site-range.ts";
import { type Cell, exportFileName } from "../lib/csv.ts";
import { chosenMeters, defaultChoice, energyMeters, sumMeans } from "../lib/meter-means.ts";
import { previousRange } from "../lib/previous-range.ts";
import { figure, LONG_QUICK_RANGES, rangeText, siteDateTime } from "../lib/site-time.ts";

// /equipment_monitoring/power_monitoring/days-avg/:uuid — the mean daily kWh by weekday (Mon–Sun)
// and by day of month (1–31) of the site's local days, beside the previous period of equal length.
// Only complete days count (contract monitoring-averages.ts): not today so far, not a meter's first
// partial day.

const WEEKDAYS = ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"];
const MONTH_DAYS = Array.from({ length: 31 }, (_, d) => String(d + 1));
const none = (slots: number): PowerMeans => ({ kwh: Array(slots).fill(null), count: Array(slots).fill(0) });

function daysOf(data: PowerDays | undefined, choice: string) {
  const site = data?.sites.find((s) => s.meters.length > 0);
  const meters = site ? chosenMeters(site.meters, choice) : [];
  if (meters.length === 0) return { weekdays: none(7), monthDays: none(31) };
  return {
    weekdays: sumMeans(
      meters.map((m) => m.weekdays),
      7,
    ),
    monthDays: sumMeans(
      meters.map((m) => m.month_days),
      31,
    ),
  };
}

function DaysAvg({ dbUuid, catalog, timeZone }: FrameData) {
  const { pick, range, setPick, setCustom } = useSiteRange(timeZone, "30d", dbUuid);
  const previous = previousRange(range);
  const now = usePowerDays(dbUuid, range);
  const before = usePowerDays(dbUuid, previous);
  const meters = energyMeters(catalog);
  const [choice, setChoice] = useState(() => defaultChoice(meters));
  if (meters.length === 0) {
    return <MonitoringEmpty title="В этой базе пока нет счётчиков электроэнергии." hint={NO_READINGS_HINT} />;
  }
  const current = daysOf(now.data, choice);
  const last = daysOf(before.data, choice);
  const empty = current.weekdays.kwh.every((v) => v === null);
  const period = rangeText(range, timeZone);
  const rows = (labels: string[], cur: PowerMeans, prev: PowerMeans) =>
    labels.map((label, i) => ({
      label,
      kwh: cur.kwh[i] ?? null,
      count: cur.count[i] ?? 0,
      previous: prev.kwh[i] ?? null,
    }));
  const weekdayRows = rows(WEEKDAYS, current.weekdays, last.weekdays);
  const monthRows = rows(MONTH_DAYS, current.monthDays, last.monthDays);
  const exportRows = (): Cell[][] => [
    ["Группа", "День", "Среднее за сутки, кВт·ч", "Дней", "Прошлый период, кВт·ч"],
    ...weekdayRows.map((r) => ["День недели", r.label, r.kwh, r.count, r.previous]),
    ...monthRows.map((r) => ["Число месяца", r.label, r.kwh, r.count, r.previous]),
  ];
  return (
    <>
      <Flex gap="small" wrap align="center">
        <RangeBar
          pick={pick}
          range={range}
          timeZone={timeZone}
          onPick={setPick}
          onCustom={setCustom}
          picks={LONG_QUICK_RANGES}
        />
        <MeterChoice meters={meters} value={choice} onChange={setChoice} />
        <ExportButtons
          rows={exportRows}
          fileName={exportFileName(catalog.database.name, "среднее по дням", range, timeZone)}
          disabled={empty}
        />
      </Flex>
      <Typography.Text type="secondary">
        {period}, сутки площадки ({zoneText(timeZone)}): среднее кВт·ч за сутки; бледные столбцы — предыдущий период{" "}
        {siteDateTime(previous.from, timeZone)} — {siteDateTime(previous.to, timeZone)}
      </Typography.Text>
      <Typography.Text type="secondary">
        Среднее — по полным местным суткам: закончившимся и покрытым показаниями счётчика от начала до конца;
        сегодняшние и первые неполные сутки счётчика не считаются. «Дней» — сколько полных суток вошло.
      </Typography.Text>
      {now.isPending ? (
        <Spin style={{ display: "block", margin: "48px auto" }} />
      ) : now.isError ? (
        <Typography.Text type="danger">{errorMessage(now.error)}</Typography.Text>
      ) : empty ? (
        <MonitoringEmpty
          title="За этот период у счётчика нет показаний."
          hint="Выберите период подлиннее или другой счётчик; проверьте, что счётчики отправляют показания."
        />
      ) : (
        <>
          <Typography.Title level={5}>По дням недели</Typography.Title>
          <CategoryChart
            label="По дням недели"
            categories={WEEKDAYS}
            unit="кВт·ч"
            series={[
              { name: "Этот период", type: "bar", data: current.weekdays.kwh },
              { name: "Прошлый период", type: "bar", data: last.weekdays.kwh, previous: true },
            ]}
          />
          <Table
            size="small"
            pagination={false}
            rowKey="label"
            aria-label="Среднее по дням недели"
            dataSource={weekdayRows}
            columns={[
              { title: "День недели", key: "label", dataIndex: "label" },
              { title: "Среднее за сутки", key: "kwh", render: (_, r) => figure(r.kwh, "кВт·ч") },
              { title: "Дней", key: "count", dataIndex: "count" },
              { title: "Прошлый период", key: "previous", render: (_, r) => figure(r.previous, "кВт·ч") },
            ]}
          />
          <Typography.Title level={5}>По числам месяца</Typography.Title>
          <CategoryChart
            label="По числам месяца"
            categories={MONTH_DAYS}
            unit="кВт·ч"
            series={[
              { name: "Этот период", type: "bar", data: current.monthDays.kwh },
              { name: "Прошлый период", type: "bar", data: last.monthDays.kwh, previous: true },
            ]}
          />
        </>
      )}
    </>
  );
}

export function PowerDaysAvgPage() {
  return <MonitoringFrame title="Среднее по дням">{(data) => <DaysAvg {...data} />}</MonitoringFrame>;
}
