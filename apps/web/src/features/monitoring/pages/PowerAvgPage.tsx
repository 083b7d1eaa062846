import { DownloadOutlined } from "@ant-design/icons";
import { Button, Flex, Spin, Table, Typography } from "antd";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { usePowerPeriod } from "../api.ts";
import { CategoryChart } from "../components/CategoryChart.tsx";
import { MonitoringEmpty, NO_READINGS_HINT } from "../components/MonitoringEmpty.tsx";
import { type FrameData, MonitoringFrame } from "../components/MonitoringFrame.tsx";
import { RangeBar } from "../components/RangeBar.tsx";
import { useSiteRange } from "../components/use-site-range.ts";
import { saveCsv } from "../lib/csv.ts";
import { figure, LONG_QUICK_RANGES, rangeText, siteDateTime } from "../lib/site-time.ts";

// /equipment_monitoring/power_monitoring/avg/:uuid — each meter's kWh per day over the period and
// the previous one of equal length, and per cow per day by the company's herd (its herd
// databases' cows now: lactation ≥ 1, milking or dry); «—» without herd data.

const change = (now: number, before: number) => (before > 0 ? ((now - before) / before) * 100 : null);
const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

function Averages({ dbUuid, catalog, timeZone }: FrameData) {
  const { pick, range, setPick, setCustom } = useSiteRange(timeZone, "30d", dbUuid);
  const period = usePowerPeriod(dbUuid, range);
  if (!catalog.series.some((s) => s.kind === "energy")) {
    return <MonitoringEmpty title="В этой базе пока нет счётчиков электроэнергии." hint={NO_READINGS_HINT} />;
  }
  const data = period.data;
  const cows = data?.herd.cows ?? null;
  const days = data?.period.days ?? 0;
  const perCow = (kwh: number) => (cows === null || days <= 0 ? null : kwh / days / cows);
  const rows = (data?.sites ?? []).flatMap((site) =>
    site.meters.map((m) => {
      const perDay = days > 0 ? m.kwh / days : 0;
      const previousPerDay = days > 0 ? m.previous_kwh / days : 0;
      return {
        key: m.series_id,
        name: m.role === "input" ? `${m.name} (ввод)` : m.name,
        kwh: m.kwh,
        perDay,
        previousPerDay,
        change: change(perDay, previousPerDay),
        perCow: perCow(m.kwh),
        previousPerCow: perCow(m.previous_kwh),
      };
    }),
  );
  const empty = rows.every((r) => r.kwh === 0 && r.previousPerDay === 0);
  const text = rangeText(range, timeZone);
  const previousText = data
    ? `${siteDateTime(data.previous.from, timeZone)} — ${siteDateTime(data.previous.to, timeZone)}`
    : "";
  const herdText = !data
    ? ""
    : cows === null
      ? data.herd.databases === 0
        ? "Поголовье неизвестно: у компании нет базы стада — подключите её, чтобы видеть кВт·ч на корову."
        : "Поголовье неизвестно: в базах стада компании нет коров — загрузите данные стада, чтобы видеть кВт·ч на корову."
      : `На корову — по поголовью компании сейчас: ${cows} коров (лактация ≥ 1, дойные и сухостойные) в базах стада: ${data.herd.databases}.`;
  const exportCsv = () =>
    saveCsv(
      [
        [
          "Счётчик",
          "За период, кВт·ч",
          "кВт·ч в сутки",
          "Прошлый период, кВт·ч в сутки",
          "Изменение, %",
          "кВт·ч на корову в сутки",
          "Прошлый период, кВт·ч на корову в сутки",
        ],
        ...rows.map((r) => [r.name, r.kwh, r.perDay, r.previousPerDay, round2(r.change), r.perCow, r.previousPerCow]),
        [],
        [`Период: ${text}; прошлый: ${previousText}; поголовье: ${cows ?? "—"}`],
      ],
      `Средние за период ${catalog.database.name} ${text}.csv`,
    );
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
        <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={rows.length === 0}>
          CSV
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        {text} ({timeZone}), {figure(days)} сут.; сравнение с {previousText}
      </Typography.Text>
      {period.isPending ? (
        <Spin style={{ display: "block", margin: "48px auto" }} />
      ) : period.isError ? (
        <Typography.Text type="danger">{errorMessage(period.error)}</Typography.Text>
      ) : empty ? (
        <MonitoringEmpty
          title="За этот и прошлый период потребления нет."
          hint="Выберите период подлиннее или проверьте, что счётчики отправляют показания."
        />
      ) : (
        <>
          <Typography.Paragraph>{herdText}</Typography.Paragraph>
          <CategoryChart
            label="кВт·ч в сутки по счётчикам"
            categories={rows.map((r) => r.name)}
            unit="кВт·ч"
            series={[
              { name: "Этот период", type: "bar", data: rows.map((r) => r.perDay) },
              { name: "Прошлый период", type: "bar", data: rows.map((r) => r.previousPerDay), previous: true },
            ]}
          />
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            aria-label="Средние за период"
            dataSource={rows}
            columns={[
              { title: "Счётчик", key: "name", dataIndex: "name" },
              { title: "За период", key: "kwh", render: (_, r) => figure(r.kwh, "кВт·ч") },
              { title: "В сутки", key: "perDay", render: (_, r) => figure(r.perDay, "кВт·ч") },
              {
                title: "Прошлый период, в сутки",
                key: "previous",
                render: (_, r) => figure(r.previousPerDay, "кВт·ч"),
              },
              {
                title: "Изменение",
                key: "change",
                render: (_, r) => (r.change === null ? "—" : `${r.change > 0 ? "+" : ""}${figure(r.change)} %`),
              },
              { title: "На корову в сутки", key: "perCow", render: (_, r) => figure(r.perCow, "кВт·ч") },
              {
                title: "Прошлый период, на корову",
                key: "previousPerCow",
                render: (_, r) => figure(r.previousPerCow, "кВт·ч"),
              },
            ]}
          />
        </>
      )}
    </>
  );
}

export function PowerAvgPage() {
  return <MonitoringFrame title="Средние за период">{(data) => <Averages {...data} />}</MonitoringFrame>;
}
