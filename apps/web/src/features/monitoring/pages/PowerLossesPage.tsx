import { Flex, InputNumber, Spin, Table, Tag, Typography } from "antd";
import { useSearchParams } from "react-router";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { zoneText } from "../../../shared/lib/zone-text.ts";
import { usePowerEnergy } from "../api.ts";
import { CategoryChart } from "../components/CategoryChart.tsx";
import { ExportButtons } from "../components/ExportButtons.tsx";
import { MonitoringEmpty } from "../components/MonitoringEmpty.tsx";
import { type FrameData, MonitoringFrame } from "../components/MonitoringFrame.tsx";
import { RangeBar } from "../components/RangeBar.tsx";
import { useSiteRange } from "../components/use-site-range.ts";
import { type Cell, exportFileName } from "../lib/csv.ts";
import { DEFAULT_LOSS_THRESHOLD, parseThreshold } from "../lib/loss-threshold.ts";
import { previousDays } from "../lib/previous-range.ts";
import { dayjs, figure, LONG_DAY_QUICK_RANGES, rangeText, siteDateTime, siteDay } from "../lib/site-time.ts";
import { type LossRow, NO_DATA, substationLosses } from "../lib/substation-losses.ts";

// /equipment_monitoring/power_monitoring/substation-diff/:uuid — losses of each substation (input
// − Σ feeders) by the site's local day, kWh and %, the days above the threshold (?threshold=,
// 6 % by default) in red; the period's total beside the previous period's: as many whole local
// days just before (previousDays), no day in both. A day a meter read nothing says so.

const percentText = (r: LossRow) => (r.loss === null ? NO_DATA : r.percent === null ? "—" : `${figure(r.percent)} %`);
const kwhText = (value: number | null) => (value === null ? NO_DATA : figure(value, "кВт·ч"));
const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

function Losses({ dbUuid, catalog, timeZone }: FrameData) {
  const [params, setParams] = useSearchParams();
  const threshold = parseThreshold(params.get("threshold"));
  const setThreshold = (value: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null || value === DEFAULT_LOSS_THRESHOLD) next.delete("threshold");
        else next.set("threshold", String(value));
        return next;
      },
      { replace: true },
    );
  const { pick, range, setPick, setCustom } = useSiteRange(timeZone, "30d", dbUuid, true);
  const previous = previousDays(range, timeZone);
  const energy = usePowerEnergy(dbUuid, { ...range, grain: "day" });
  const before = usePowerEnergy(dbUuid, { ...previous, grain: "day" });
  if (catalog.substations.length === 0) {
    return (
      <MonitoringEmpty
        title="В этой базе нет подстанций."
        hint="Опишите подстанцию площадки с её счётчиком ввода и фидерами — потери появятся здесь."
      />
    );
  }
  const nameOf = (id: number) => catalog.substations.find((s) => s.id === id)?.name ?? String(id);
  const losses = (energy.data?.sites ?? []).flatMap((site) =>
    substationLosses(site).map((l) => ({ ...l, timeZone: site.time_zone })),
  );
  const previousTotals = (before.data?.sites ?? []).flatMap(substationLosses);
  const previousOf = (id: number) => previousTotals.find((l) => l.substationId === id)?.total;
  const above = (r: LossRow) => r.percent !== null && r.percent > threshold;
  const period = rangeText(range, timeZone);
  const exportRows = (): Cell[][] => [
    ["Подстанция", "День", "Ввод, кВт·ч", "Фидеры, кВт·ч", "Потери, кВт·ч", "Потери, %", `Выше порога ${threshold} %`],
    ...losses.flatMap((l) => {
      const last = previousOf(l.substationId);
      return [
        ...l.rows.map((r) => [
          nameOf(l.substationId),
          siteDay(r.bucket, l.timeZone),
          r.input,
          r.feeders,
          r.loss,
          round2(r.percent),
          above(r) ? "да" : "",
        ]),
        [
          nameOf(l.substationId),
          "Итого за период",
          l.total.input,
          l.total.feeders,
          l.total.loss,
          round2(l.total.percent),
          "",
        ],
        ...(last
          ? [
              [
                nameOf(l.substationId),
                "Предыдущий период",
                last.input,
                last.feeders,
                last.loss,
                round2(last.percent),
                "",
              ],
            ]
          : []),
      ];
    }),
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
          picks={LONG_DAY_QUICK_RANGES}
          days
        />
        <Flex gap={4} align="center">
          <label htmlFor="loss-threshold">Порог потерь, %</label>
          <InputNumber
            id="loss-threshold"
            min={0}
            max={100}
            step={0.5}
            decimalSeparator=","
            value={threshold}
            onChange={(value) => setThreshold(value)}
          />
        </Flex>
        <ExportButtons
          rows={exportRows}
          fileName={exportFileName(catalog.database.name, "потери на подстанции", range, timeZone)}
          disabled={losses.length === 0}
        />
      </Flex>
      <Typography.Text type="secondary">
        {period}, дни площадки ({zoneText(timeZone)}): потери = ввод − сумма фидеров; сравнение с{" "}
        {siteDateTime(previous.from, timeZone)} — {siteDateTime(previous.to, timeZone)}
      </Typography.Text>
      {energy.isPending ? (
        <Spin style={{ display: "block", margin: "48px auto" }} />
      ) : energy.isError ? (
        <Typography.Text type="danger">{errorMessage(energy.error)}</Typography.Text>
      ) : losses.length === 0 ? (
        <MonitoringEmpty
          title="У подстанций нет счётчика ввода."
          hint="Назначьте одному из счётчиков подстанции роль «ввод» — без него потери не посчитать."
        />
      ) : (
        losses.map((l) => {
          const name = nameOf(l.substationId);
          const last = previousOf(l.substationId);
          const days = l.rows.filter(above).length;
          const daysWithData = l.rows.filter((r) => r.loss !== null).length;
          const totals = [
            { key: "period", label: "Итого за период", row: l.total },
            ...(last ? [{ key: "previous", label: "Предыдущий период", row: last }] : []),
          ];
          return (
            <section key={l.substationId} aria-label={name}>
              <Typography.Title level={5}>{name}</Typography.Title>
              {l.total.input === null || l.total.input === 0 ? (
                <MonitoringEmpty
                  title={
                    l.total.input === null
                      ? "За этот период нет данных счётчиков."
                      : "За этот период на ввод ничего не пришло."
                  }
                  hint="Выберите период подлиннее или проверьте, что счётчик ввода отправляет показания."
                />
              ) : (
                <>
                  <Typography.Paragraph>
                    Дней выше порога {figure(threshold)} %: <strong>{days}</strong> из {daysWithData}
                    {daysWithData < l.rows.length &&
                      ` (${NO_DATA} за ${l.rows.length - daysWithData} из ${l.rows.length})`}
                  </Typography.Paragraph>
                  <CategoryChart
                    label={`Потери по дням: ${name}`}
                    categories={l.rows.map((r) => dayjs(r.bucket).tz(l.timeZone).format("DD.MM"))}
                    series={[{ name: "Потери, %", type: "bar", data: l.rows.map((r) => r.percent) }]}
                    unit="%"
                    threshold={{ value: threshold, label: `Порог ${figure(threshold)} %` }}
                  />
                  <Table
                    size="small"
                    pagination={false}
                    rowKey="key"
                    aria-label={`Итоги: ${name}`}
                    dataSource={totals}
                    columns={[
                      { title: "Период", key: "label", dataIndex: "label" },
                      { title: "Ввод", key: "input", render: (_, t) => kwhText(t.row.input) },
                      { title: "Фидеры", key: "feeders", render: (_, t) => kwhText(t.row.feeders) },
                      { title: "Потери", key: "loss", render: (_, t) => kwhText(t.row.loss) },
                      { title: "Потери, %", key: "percent", render: (_, t) => percentText(t.row) },
                    ]}
                  />
                  <Table
                    size="small"
                    pagination={false}
                    rowKey="bucket"
                    aria-label={`Потери по дням: ${name}`}
                    dataSource={l.rows}
                    columns={[
                      { title: "День", key: "day", render: (_, r) => siteDay(r.bucket, l.timeZone) },
                      { title: "Ввод", key: "input", render: (_, r) => kwhText(r.input) },
                      { title: "Фидеры", key: "feeders", render: (_, r) => kwhText(r.feeders) },
                      { title: "Потери", key: "loss", render: (_, r) => kwhText(r.loss) },
                      {
                        title: "Потери, %",
                        key: "percent",
                        render: (_, r) =>
                          above(r) ? <Tag color="red">{percentText(r)} — выше порога</Tag> : percentText(r),
                      },
                    ]}
                  />
                </>
              )}
            </section>
          );
        })
      )}
    </>
  );
}

export function PowerLossesPage() {
  return <MonitoringFrame title="Потери на подстанции">{(data) => <Losses {...data} />}</MonitoringFrame>;
}
