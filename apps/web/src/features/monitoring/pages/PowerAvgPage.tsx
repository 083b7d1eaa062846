import type { PowerHerd } from "@nadoy/contract/monitoring-averages";
import { pluralRu } from "@nadoy/contract/plural";
import { Flex, Spin, Table, Typography } from "antd";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { zoneText } from "../../../shared/lib/zone-text.ts";
import { usePowerPeriod } from "../api.ts";
import { CategoryChart } from "../components/CategoryChart.tsx";
import { ExportButtons } from "../components/ExportButtons.tsx";
import { MonitoringEmpty, NO_READINGS_HINT } from "../components/MonitoringEmpty.tsx";
import { type FrameData, MonitoringFrame } from "../components/MonitoringFrame.tsx";
import { RangeBar } from "../components/RangeBar.tsx";
import { useSiteRange } from "../components/use-site-range.ts";
import { type Cell, exportFileName } from "../lib/csv.ts";
import { figure, LONG_QUICK_RANGES, rangeText, siteDateTime } from "../lib/site-time.ts";

// /equipment_monitoring/power_monitoring/avg/:uuid — each meter's kWh over the period, and its
// kWh per day over its complete local days (contract monitoring-averages.ts: ended, and covered by
// its readings start to end — not today so far, not its first partial day) beside the previous
// period (contract monitoringPreviousPeriod), and per cow per day by the herd the site feeds (the herd's cows now:
// lactation ≥ 1, milking or dry); «нет данных» without a complete day, «—» without a herd.

const NO_DATA = "нет данных";
const change = (now: number | null, before: number | null) =>
  now === null || before === null || before <= 0 ? null : ((now - before) / before) * 100;
const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
const kwhOrNone = (value: number | null) => (value === null ? NO_DATA : figure(value, "кВт·ч"));
const cowsText = (n: number) => `${n} ${pluralRu(n, ["корова", "коровы", "коров"])}`;
const daysText = (n: number) => `${n} ${pluralRu(n, ["сутки", "суток", "суток"])}`;

/** Which herd a cow's share is by, or why there is none. */
function herdText(herd: PowerHerd): string {
  const names = herd.databases.map((name) => `«${name}»`).join(", ");
  const cows = herd.cows === null ? "" : `${cowsText(herd.cows)} (лактация ≥ 1, дойные и сухостойные)`;
  switch (herd.basis) {
    case "farm":
      if (herd.databases.length === 0)
        return `На корову — нет поголовья: у фермы «${herd.farm}» нет базы стада — подключите её, чтобы видеть кВт·ч на корову.`;
      return herd.cows === null
        ? `На корову — нет поголовья: в базе стада фермы «${herd.farm}» (${names}) нет коров — загрузите данные стада.`
        : `На корову — по стаду фермы «${herd.farm}» (база стада ${names}): ${cows} сейчас.`;
    case "company":
      return herd.cows === null
        ? `На корову — нет поголовья: в базе стада компании ${names} нет коров — загрузите данные стада.`
        : `На корову — по единственной базе стада компании ${names}: ${cows} сейчас.`;
    case "ambiguous":
      return `На корову — не считается: база мониторинга не привязана к ферме, а у компании несколько баз стада (${names}). Укажите ферму базы мониторинга, чтобы делить на её стадо.`;
    case "none":
      return "На корову — нет поголовья: у компании нет базы стада — подключите её, чтобы видеть кВт·ч на корову.";
  }
}

function Averages({ dbUuid, catalog, timeZone }: FrameData) {
  const { pick, range, setPick, setCustom } = useSiteRange(timeZone, "30d", dbUuid);
  const period = usePowerPeriod(dbUuid, range);
  if (!catalog.series.some((s) => s.kind === "energy")) {
    return <MonitoringEmpty title="В этой базе пока нет счётчиков электроэнергии." hint={NO_READINGS_HINT} />;
  }
  const data = period.data;
  const cows = data?.herd.cows ?? null;
  const perCow = (perDay: number | null) => (cows === null || perDay === null ? null : perDay / cows);
  const sites = data?.sites ?? [];
  const rows = sites.flatMap((site) =>
    site.meters.map((m) => ({
      key: m.series_id,
      name: m.role === "input" ? `${m.name} (ввод)` : m.name,
      kwh: m.kwh,
      perDay: m.per_day,
      days: `${m.days} из ${site.days}`,
      previousPerDay: m.previous_per_day,
      previousDays: `${m.previous_days} из ${site.previous_days}`,
      change: change(m.per_day, m.previous_per_day),
      perCow: perCow(m.per_day),
      previousPerCow: perCow(m.previous_per_day),
    })),
  );
  const empty = rows.every((r) => r.kwh === null && r.previousPerDay === null);
  const text = rangeText(range, timeZone);
  const previousText = data
    ? `${siteDateTime(data.previous.from, timeZone)} — ${siteDateTime(data.previous.to, timeZone)}`
    : "";
  // The site's whole days of the period: the most days a meter's mean can be over.
  const wholeDays = sites[0]?.days ?? 0;
  const exportRows = (): Cell[][] => [
    [
      "Счётчик",
      "За период, кВт·ч",
      "кВт·ч в сутки (полные сутки с показаниями)",
      "Полных суток с показаниями",
      "Прошлый период, кВт·ч в сутки",
      "Прошлый период, полных суток",
      "Изменение, %",
      "кВт·ч на корову в сутки",
      "Прошлый период, кВт·ч на корову в сутки",
    ],
    ...rows.map((r) => [
      r.name,
      r.kwh,
      r.perDay,
      r.days,
      r.previousPerDay,
      r.previousDays,
      round2(r.change),
      r.perCow,
      r.previousPerCow,
    ]),
    [],
    [`Период: ${text}; прошлый: ${previousText}; ${data ? herdText(data.herd) : ""}`],
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
        <ExportButtons
          rows={exportRows}
          fileName={exportFileName(catalog.database.name, "средние за период", range, timeZone)}
          disabled={rows.length === 0}
        />
      </Flex>
      <Typography.Text type="secondary">
        {text} ({zoneText(timeZone)}){data ? `, полных суток: ${wholeDays}; сравнение с ${previousText}` : ""}
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
          <Typography.Paragraph>
            «В сутки» — среднее за полные местные сутки с показаниями счётчика, а не за все {daysText(wholeDays)}{" "}
            периода: сколько их у счётчика — в столбце «Суток с показаниями». Полные сутки — закончившиеся и покрытые
            показаниями счётчика от начала до конца: сегодняшние и первые неполные сутки не считаются.
          </Typography.Paragraph>
          <Typography.Paragraph>{data ? herdText(data.herd) : ""}</Typography.Paragraph>
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
              { title: "За период", key: "kwh", render: (_, r) => kwhOrNone(r.kwh) },
              { title: "В сутки", key: "perDay", render: (_, r) => kwhOrNone(r.perDay) },
              { title: "Суток с показаниями", key: "days", dataIndex: "days" },
              {
                title: "Прошлый период, в сутки",
                key: "previous",
                render: (_, r) => kwhOrNone(r.previousPerDay),
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
