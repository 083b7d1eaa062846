import { DownloadOutlined } from "@ant-design/icons";
import { Button, Flex, Spin, Table, Typography } from "antd";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { usePowerEnergy } from "../api.ts";
import { EnergyChart } from "../components/EnergyChart.tsx";
import { MonitoringEmpty, NO_READINGS_HINT } from "../components/MonitoringEmpty.tsx";
import { type FrameData, MonitoringFrame } from "../components/MonitoringFrame.tsx";
import { RangeBar } from "../components/RangeBar.tsx";
import { useSiteRange } from "../components/use-site-range.ts";
import { saveCsv } from "../lib/csv.ts";
import { dayjs, figure, rangeText } from "../lib/site-time.ts";

// /equipment_monitoring/power_monitoring/hours/:uuid — kWh of each meter by the site's local
// hour: feeders stacked, the input as a line over them, totals per meter.

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

function Hours({ dbUuid, catalog, timeZone }: FrameData) {
  const { pick, range, setPick, setCustom } = useSiteRange(timeZone, "today", dbUuid);
  const energy = usePowerEnergy(dbUuid, { ...range, grain: "hour" });
  if (!catalog.series.some((s) => s.kind === "energy")) {
    return <MonitoringEmpty title="В этой базе пока нет счётчиков электроэнергии." hint={NO_READINGS_HINT} />;
  }
  const site = energy.data?.sites.find((s) => s.meters.length > 0);
  const empty = !site || site.meters.every((m) => sum(m.kwh) === 0);
  const exportCsv = () => {
    if (!site) return;
    saveCsv(
      [
        ["Час (местное время)", ...site.meters.map((m) => `${m.name}, кВт·ч`)],
        ...site.buckets.map((b, i) => [
          dayjs(b).tz(site.time_zone).format("DD.MM.YYYY HH:mm"),
          ...site.meters.map((m) => m.kwh[i] ?? 0),
        ]),
      ],
      `Почасовое потребление ${catalog.database.name} ${rangeText(range, timeZone)}.csv`,
    );
  };
  return (
    <>
      <Flex gap="small" wrap align="center">
        <RangeBar pick={pick} range={range} timeZone={timeZone} onPick={setPick} onCustom={setCustom} />
        <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={!site}>
          CSV
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        {rangeText(range, timeZone)}, часы площадки ({timeZone})
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
          <EnergyChart buckets={site.buckets} meters={site.meters} timeZone={site.time_zone} grain="hour" />
          <Table
            size="small"
            pagination={false}
            rowKey="series_id"
            aria-label="Потребление за период"
            dataSource={site.meters}
            columns={[
              { title: "Счётчик", key: "name", render: (_, m) => (m.role === "input" ? `${m.name} (ввод)` : m.name) },
              { title: "За период", key: "total", render: (_, m) => figure(sum(m.kwh), "кВт·ч") },
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
