import { Flex, Spin, Table, Typography } from "antd";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { usePowerEnergy } from "../api.ts";
import { EnergyChart } from "../components/EnergyChart.tsx";
import { ExportButtons } from "../components/ExportButtons.tsx";
import { MonitoringEmpty, NO_READINGS_HINT } from "../components/MonitoringEmpty.tsx";
import { type FrameData, MonitoringFrame } from "../components/MonitoringFrame.tsx";
import { RangeBar } from "../components/RangeBar.tsx";
import { useSiteRange } from "../components/use-site-range.ts";
import { type Cell, exportFileName } from "../lib/csv.ts";
import { previousRange } from "../lib/previous-range.ts";
import { knownTotal, siteConsumption } from "../lib/site-consumption.ts";
import { dayjs, figure, rangeText } from "../lib/site-time.ts";
import { NO_DATA } from "../lib/substation-losses.ts";

// /equipment_monitoring/power_monitoring/hours/:uuid — kWh of each meter by the site's local
// hour: feeders stacked, the input as a line over them, totals per meter; beside them the previous
// period (the equal range just before: previousRange) — what the site used in its hours, dashed
// over this period's, and each meter's total then.

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const kwhText = (value: number | null) => (value === null ? NO_DATA : figure(value, "кВт·ч"));
/** A meter's kWh over the buckets where it read; null when it read in none. */
const meterTotal = (m: { kwh: readonly number[]; missing: readonly number[] }) =>
  m.missing.length >= m.kwh.length ? null : sum(m.kwh);
const changeText = (now: number | null, before: number | null) =>
  now === null || before === null || before === 0
    ? ""
    : ` (${now >= before ? "+" : "−"}${figure(Math.abs(((now - before) / before) * 100))} %)`;

const PREVIOUS = "Прошлый период, всего";

function Hours({ dbUuid, catalog, timeZone }: FrameData) {
  const { pick, range, setPick, setCustom } = useSiteRange(timeZone, "today", dbUuid);
  const previous = previousRange(range);
  const energy = usePowerEnergy(dbUuid, { ...range, grain: "hour" });
  const before = usePowerEnergy(dbUuid, { ...previous, grain: "hour" });
  if (!catalog.series.some((s) => s.kind === "energy")) {
    return <MonitoringEmpty title="В этой базе пока нет счётчиков электроэнергии." hint={NO_READINGS_HINT} />;
  }
  const site = energy.data?.sites.find((s) => s.meters.length > 0);
  const empty = !site || site.meters.every((m) => sum(m.kwh) === 0);
  const beforeSite = site && before.data?.sites.find((s) => s.id === site.id);
  const used = site ? siteConsumption(site) : [];
  const usedBefore = beforeSite ? siteConsumption(beforeSite) : [];
  const total = knownTotal(used);
  const totalBefore = beforeSite ? knownTotal(usedBefore) : null;
  const meterBefore = (seriesId: number) => {
    const m = beforeSite?.meters.find((x) => x.series_id === seriesId);
    return m ? meterTotal(m) : null;
  };
  const exportRows = (): Cell[][] => {
    if (!site) return [];
    const missing = site.meters.map((m) => new Set(m.missing));
    return [
      [
        "Час (местное время)",
        ...site.meters.map((m) => `${m.name}, кВт·ч`),
        "Площадка всего, кВт·ч",
        "Час прошлого периода",
        `${PREVIOUS}, кВт·ч`,
      ],
      ...site.buckets.map((b, i) => {
        const then = beforeSite?.buckets[i];
        return [
          dayjs(b).tz(site.time_zone).format("DD.MM.YYYY HH:mm"),
          ...site.meters.map((m, k) => (missing[k]?.has(i) ? null : (m.kwh[i] ?? null))),
          used[i],
          then ? dayjs(then).tz(site.time_zone).format("DD.MM.YYYY HH:mm") : null,
          usedBefore[i],
        ];
      }),
      ["За период", ...site.meters.map(meterTotal), total, null, totalBefore],
      ["Прошлый период", ...site.meters.map((m) => meterBefore(m.series_id)), totalBefore],
    ];
  };
  return (
    <>
      <Flex gap="small" wrap align="center">
        <RangeBar pick={pick} range={range} timeZone={timeZone} onPick={setPick} onCustom={setCustom} />
        <ExportButtons
          rows={exportRows}
          fileName={exportFileName(catalog.database.name, "по часам", range, timeZone)}
          disabled={!site}
        />
      </Flex>
      <Typography.Text type="secondary">
        {rangeText(range, timeZone)}, часы площадки ({timeZone}); сравнение с {rangeText(previous, timeZone)}
      </Typography.Text>
      {energy.isPending ? (
        <Spin style={{ display: "block", margin: "48px auto" }} />
      ) : energy.isError ? (
        <Typography.Text type="danger">{errorMessage(energy.error)}</Typography.Text>
      ) : !site || empty ? (
        <MonitoringEmpty
          title="За этот период потребления нет."
          hint="Выберите период подлиннее или проверьте, что счётчики отправляют показания."
        />
      ) : (
        <>
          <EnergyChart
            buckets={site.buckets}
            meters={site.meters}
            timeZone={site.time_zone}
            grain="hour"
            previous={{ name: PREVIOUS, kwh: usedBefore }}
          />
          <Typography.Paragraph>
            Площадка за период: <strong>{kwhText(total)}</strong>
            {before.isPending
              ? ""
              : before.isError
                ? `; прошлый период: ${errorMessage(before.error)}`
                : `; было ${kwhText(totalBefore)}${changeText(total, totalBefore)}`}
          </Typography.Paragraph>
          <Table
            size="small"
            pagination={false}
            rowKey="series_id"
            aria-label="Потребление за период"
            dataSource={site.meters}
            columns={[
              { title: "Счётчик", key: "name", render: (_, m) => (m.role === "input" ? `${m.name} (ввод)` : m.name) },
              { title: "За период", key: "total", render: (_, m) => kwhText(meterTotal(m)) },
              {
                title: "Прошлый период",
                key: "previous",
                render: (_, m) => (before.isPending ? "…" : `было ${kwhText(meterBefore(m.series_id))}`),
              },
              {
                title: "Максимум за час",
                key: "peak",
                render: (_, m) => figure(Math.max(...m.kwh), "кВт·ч"),
              },
            ]}
          />
        </>
      )}
    </>
  );
}

export function PowerHoursPage() {
  return <MonitoringFrame title="Почасовое потребление">{(data) => <Hours {...data} />}</MonitoringFrame>;
}
