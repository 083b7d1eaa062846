import type { PowerMeans, PowerProfile } from "@nadoy/contract/monitoring-averages";
import { Flex, Spin, Table, Typography } from "antd";
import { useState } from "react";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { zoneText } from "../../../shared/lib/zone-text.ts";
import { usePowerProfile } from "../api.ts";
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

// /equipment_monitoring/power_monitoring/hours-avg/:uuid — the average day: the mean kWh of each
// local hour (0–23), weekdays and weekends as two lines, the previous period of equal length
// dashed; any range up to 400 days (the server averages the hourly rollups). Only complete hours
// count (contract monitoring-averages.ts): not the hour still going, not a meter's first partial hour.

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);
const none: PowerMeans = { kwh: Array(24).fill(null), count: Array(24).fill(0) };
const daySum = (m: PowerMeans) =>
  m.kwh.some((v) => v !== null) ? m.kwh.reduce<number>((total, v) => total + (v ?? 0), 0) : null;

/** The chosen meters' weekday and weekend means of the first site with meters. */
function profileOf(data: PowerProfile | undefined, choice: string) {
  const site = data?.sites.find((s) => s.meters.length > 0);
  const meters = site ? chosenMeters(site.meters, choice) : [];
  if (meters.length === 0) return { weekdays: none, weekends: none };
  return {
    weekdays: sumMeans(
      meters.map((m) => m.weekdays),
      24,
    ),
    weekends: sumMeans(
      meters.map((m) => m.weekends),
      24,
    ),
  };
}

function Profile({ dbUuid, catalog, timeZone }: FrameData) {
  const { pick, range, setPick, setCustom } = useSiteRange(timeZone, "30d", dbUuid);
  const previous = previousRange(range);
  const now = usePowerProfile(dbUuid, range);
  const before = usePowerProfile(dbUuid, previous);
  const meters = energyMeters(catalog);
  const [choice, setChoice] = useState(() => defaultChoice(meters));
  if (meters.length === 0) {
    return <MonitoringEmpty title="В этой базе пока нет счётчиков электроэнергии." hint={NO_READINGS_HINT} />;
  }
  const current = profileOf(now.data, choice);
  const last = profileOf(before.data, choice);
  const empty = current.weekdays.kwh.every((v) => v === null) && current.weekends.kwh.every((v) => v === null);
  const period = rangeText(range, timeZone);
  const exportRows = (): Cell[][] => [
    [
      "Час (местное время)",
      "Будни, кВт·ч",
      "Дней будней",
      "Выходные, кВт·ч",
      "Дней выходных",
      "Будни, прошлый период, кВт·ч",
      "Выходные, прошлый период, кВт·ч",
    ],
    ...HOURS.map((hour, h) => [
      hour,
      current.weekdays.kwh[h],
      current.weekdays.count[h],
      current.weekends.kwh[h],
      current.weekends.count[h],
      last.weekdays.kwh[h],
      last.weekends.kwh[h],
    ]),
  ];
  const totals = [
    { key: "weekdays", label: "Будни (пн–пт)", now: daySum(current.weekdays), before: daySum(last.weekdays) },
    { key: "weekends", label: "Выходные (сб, вс)", now: daySum(current.weekends), before: daySum(last.weekends) },
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
          fileName={exportFileName(catalog.database.name, "средний суточный профиль", range, timeZone)}
          disabled={empty}
        />
      </Flex>
      <Typography.Text type="secondary">
        {period}, часы площадки ({zoneText(timeZone)}): среднее кВт·ч за час по часам суток; пунктир — предыдущий период{" "}
        {siteDateTime(previous.from, timeZone)} — {siteDateTime(previous.to, timeZone)}
      </Typography.Text>
      <Typography.Text type="secondary">
        Среднее — по полным часам: закончившимся и покрытым показаниями счётчика от начала до конца; текущий час и
        первый неполный час счётчика не считаются.
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
          <CategoryChart
            label="Средний суточный профиль"
            categories={HOURS}
            unit="кВт·ч"
            series={[
              { name: "Будни", type: "line", data: current.weekdays.kwh },
              { name: "Выходные", type: "line", data: current.weekends.kwh },
              { name: "Будни, прошлый период", type: "line", data: last.weekdays.kwh, previous: true },
              { name: "Выходные, прошлый период", type: "line", data: last.weekends.kwh, previous: true },
            ]}
          />
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            aria-label="Средние сутки"
            dataSource={totals}
            columns={[
              { title: "Дни", key: "label", dataIndex: "label" },
              { title: "Средние сутки", key: "now", render: (_, t) => figure(t.now, "кВт·ч") },
              { title: "Прошлый период", key: "before", render: (_, t) => figure(t.before, "кВт·ч") },
            ]}
          />
        </>
      )}
    </>
  );
}

export function PowerProfilePage() {
  return <MonitoringFrame title="Средний суточный профиль">{(data) => <Profile {...data} />}</MonitoringFrame>;
}
