import type { PowerEnergySite, PowerOverview, PowerSite, PowerSubstation } from "@nadoy/contract/monitoring";
import { Flex, Spin, Statistic, Typography } from "antd";
import { Link } from "react-router";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { zoneText } from "../../../shared/lib/zone-text.ts";
import { href } from "../../../shared/routes/href.ts";
import { usePowerEnergy, usePowerOverview } from "../api.ts";
import { ExportButtons } from "../components/ExportButtons.tsx";
import { MonitoringEmpty, NO_READINGS_HINT } from "../components/MonitoringEmpty.tsx";
import { type FrameData, MonitoringFrame } from "../components/MonitoringFrame.tsx";
import { dayHours, PowerDayChart } from "../components/PowerDayChart.tsx";
import { lossText, PowerMeterTable } from "../components/PowerMeterTable.tsx";
import { useMonitoringLive } from "../components/use-monitoring-live.ts";
import type { Cell } from "../lib/csv.ts";
import { exportFileName } from "../lib/csv.ts";
import { dayjs, figure, type Range } from "../lib/site-time.ts";

// /equipment_monitoring/power_monitoring/:uuid — per site: what it used by local hour today beside
// yesterday, substations with the input meter and the feeders (power now, kWh today and yesterday
// from the site's local midnight) and the losses (input − Σ feeders).

function Substation({ substation, timeZone }: { substation: PowerSubstation; timeZone: string }) {
  const meters = [...(substation.input ? [substation.input] : []), ...substation.feeders];
  return (
    <section aria-label={substation.name}>
      <Typography.Title level={5}>{substation.name}</Typography.Title>
      <Flex gap="large" wrap style={{ marginBottom: 8 }}>
        <Statistic title="Мощность ввода" value={figure(substation.input?.power_kw ?? null, "кВт")} />
        <Statistic title="Ввод сегодня" value={figure(substation.input?.kwh_today ?? null, "кВт·ч")} />
        <Statistic title="Потери сегодня" value={lossText(substation.losses_today)} />
        <Statistic title="Потери вчера" value={lossText(substation.losses_yesterday)} />
      </Flex>
      {meters.length === 0 ? (
        <MonitoringEmpty
          title="У подстанции нет счётчиков."
          hint="Добавьте счётчик ввода и фидеров в «Схеме площадки»."
        />
      ) : (
        <PowerMeterTable meters={meters} timeZone={timeZone} label={`Счётчики: ${substation.name}`} />
      )}
    </section>
  );
}

/** Yesterday's local midnight of the site whose day began first, to now: what the day charts need. */
function todayAndYesterday(sites: PowerSite[], now: string): Range {
  const starts = sites.map((s) => dayjs.tz(s.today, s.time_zone).subtract(1, "day").valueOf());
  return { from: new Date(Math.min(...starts)).toISOString(), to: now };
}

const lossCells = (loss: PowerSubstation["losses_today"]): Cell[] => [loss?.kwh, loss?.percent];

/** What the page shows: the meters with the substations' losses, then each site's hours. */
function exportRows(sites: PowerSite[], hours: PowerEnergySite[]): Cell[][] {
  return [
    [
      "Площадка",
      "Подстанция",
      "Счётчик",
      "Мощность, кВт",
      "Сегодня, кВт·ч",
      "Вчера, кВт·ч",
      "Потери сегодня, %",
      "Потери вчера, %",
    ],
    ...sites.flatMap((site) => [
      ...site.substations.flatMap((sub) => {
        const [todayKwh, todayPercent] = lossCells(sub.losses_today);
        const [yesterdayKwh, yesterdayPercent] = lossCells(sub.losses_yesterday);
        return [
          ...[...(sub.input ? [sub.input] : []), ...sub.feeders].map((m) => [
            site.name,
            sub.name,
            m.role === "input" ? `${m.name} (ввод)` : m.name,
            m.power_kw,
            m.kwh_today,
            m.kwh_yesterday,
          ]),
          ...(sub.losses_today || sub.losses_yesterday
            ? [
                [
                  site.name,
                  sub.name,
                  "Потери (ввод − фидеры)",
                  null,
                  todayKwh,
                  yesterdayKwh,
                  todayPercent,
                  yesterdayPercent,
                ],
              ]
            : []),
        ];
      }),
      ...site.meters.map((m) => [site.name, "", m.name, m.power_kw, m.kwh_today, m.kwh_yesterday]),
    ]),
    ...sites.flatMap((site) => {
      const energy = hours.find((h) => h.id === site.id);
      if (!energy) return [];
      const day = dayHours(energy, site.today);
      return [
        [],
        [`${site.name}: час (время площадки)`, "Сегодня, кВт·ч", "Вчера, кВт·ч"],
        ...day.hours.map((hour, i) => [hour, day.today[i], day.yesterday[i]]),
      ];
    }),
  ];
}

/** The overview's sites with their day charts, asked once the overview says what «today» is. */
function Sites({ dbUuid, catalog, timeZone, overview }: FrameData & { overview: PowerOverview }) {
  const sites = overview.sites;
  const range = todayAndYesterday(sites, overview.now);
  const energy = usePowerEnergy(dbUuid, { ...range, grain: "hour" });
  const hours = energy.data?.sites ?? [];
  return (
    <>
      <Flex gap="small" wrap align="center">
        <ExportButtons
          rows={() => exportRows(sites, hours)}
          fileName={exportFileName(catalog.database.name, "электроэнергия", range, timeZone)}
        />
        <Link to={href.powerHours({ uuid: dbUuid })}>Почасовое потребление</Link>
      </Flex>
      {sites.map((site) => {
        const siteHours = hours.find((h) => h.id === site.id);
        return (
          <Flex vertical gap="small" key={site.id}>
            <Typography.Text type="secondary">
              {site.name}: сегодня {site.today.split("-").reverse().join(".")}, время площадки (
              {zoneText(site.time_zone)})
            </Typography.Text>
            {energy.isError ? (
              <Typography.Text type="danger">{errorMessage(energy.error)}</Typography.Text>
            ) : (
              siteHours && <PowerDayChart site={siteHours} today={site.today} />
            )}
            {site.substations.map((substation) => (
              <Substation key={substation.id} substation={substation} timeZone={site.time_zone} />
            ))}
            {site.meters.length > 0 && (
              <PowerMeterTable meters={site.meters} timeZone={site.time_zone} label="Счётчики вне подстанций" />
            )}
          </Flex>
        );
      })}
    </>
  );
}

function Power(frame: FrameData) {
  const power = usePowerOverview(frame.dbUuid);
  useMonitoringLive(frame.dbUuid);
  if (power.isPending) return <Spin style={{ display: "block", margin: "48px auto" }} />;
  if (power.isError) return <Typography.Text type="danger">{errorMessage(power.error)}</Typography.Text>;
  const anyMeter = power.data.sites.some(
    (s) => s.meters.length > 0 || s.substations.some((x) => x.input || x.feeders.length),
  );
  if (!anyMeter)
    return <MonitoringEmpty title="В этой базе пока нет счётчиков электроэнергии." hint={NO_READINGS_HINT} />;
  return <Sites {...frame} overview={power.data} />;
}

export function PowerMonitoringPage() {
  return <MonitoringFrame title="Мониторинг электроэнергии">{(data) => <Power {...data} />}</MonitoringFrame>;
}
