import { DownloadOutlined } from "@ant-design/icons";
import type { PowerMeter, PowerSite, PowerSubstation } from "@nadoy/contract/monitoring";
import { Button, Flex, Spin, Statistic, Table, Typography } from "antd";
import { Link } from "react-router";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { usePowerOverview } from "../api.ts";
import { MonitoringEmpty, NO_READINGS_HINT } from "../components/MonitoringEmpty.tsx";
import { type FrameData, MonitoringFrame } from "../components/MonitoringFrame.tsx";
import { useMonitoringLive } from "../components/use-monitoring-live.ts";
import { saveCsv } from "../lib/csv.ts";
import { figure, siteDateTime } from "../lib/site-time.ts";

// /equipment_monitoring/power_monitoring/:uuid — per site: substations with the input meter and
// the feeders (power now, kWh today and yesterday from the site's local midnight) and the losses
// (input − Σ feeders).

const lossText = (loss: PowerSubstation["losses_today"]) =>
  loss ? `${figure(loss.kwh, "кВт·ч")}${loss.percent === null ? "" : ` (${figure(loss.percent)} %)`}` : "—";

function MeterTable({ meters, timeZone, label }: { meters: PowerMeter[]; timeZone: string; label: string }) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="series_id"
      aria-label={label}
      dataSource={meters}
      columns={[
        {
          title: "Счётчик",
          key: "name",
          render: (_, m) => (m.role === "input" ? `${m.name} (ввод)` : m.name),
        },
        {
          title: "Мощность сейчас",
          key: "power",
          render: (_, m) =>
            m.power_kw === null
              ? "нет данных"
              : `${figure(m.power_kw, "кВт")}${m.power_at ? ` · ${siteDateTime(m.power_at, timeZone)}` : ""}`,
        },
        { title: "Сегодня", key: "today", render: (_, m) => figure(m.kwh_today, "кВт·ч") },
        { title: "Вчера", key: "yesterday", render: (_, m) => figure(m.kwh_yesterday, "кВт·ч") },
      ]}
    />
  );
}

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
        <MeterTable meters={meters} timeZone={timeZone} label={`Счётчики: ${substation.name}`} />
      )}
    </section>
  );
}

function exportRows(sites: PowerSite[]) {
  return [
    ["Площадка", "Подстанция", "Счётчик", "Мощность, кВт", "Сегодня, кВт·ч", "Вчера, кВт·ч"],
    ...sites.flatMap((site) => [
      ...site.substations.flatMap((sub) =>
        [...(sub.input ? [sub.input] : []), ...sub.feeders].map((m) => [
          site.name,
          sub.name,
          m.name,
          m.power_kw,
          m.kwh_today,
          m.kwh_yesterday,
        ]),
      ),
      ...site.meters.map((m) => [site.name, "", m.name, m.power_kw, m.kwh_today, m.kwh_yesterday]),
    ]),
  ];
}

function Power({ dbUuid, catalog }: FrameData) {
  const power = usePowerOverview(dbUuid);
  useMonitoringLive(dbUuid);
  if (power.isPending) return <Spin style={{ display: "block", margin: "48px auto" }} />;
  if (power.isError) return <Typography.Text type="danger">{errorMessage(power.error)}</Typography.Text>;
  const sites = power.data.sites;
  const anyMeter = sites.some((s) => s.meters.length > 0 || s.substations.some((x) => x.input || x.feeders.length));
  if (!anyMeter)
    return <MonitoringEmpty title="В этой базе пока нет счётчиков электроэнергии." hint={NO_READINGS_HINT} />;
  return (
    <>
      <Flex gap="small" wrap>
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            saveCsv(exportRows(sites), `Электроэнергия ${catalog.database.name} ${sites[0]?.today ?? ""}.csv`)
          }
        >
          CSV
        </Button>
        <Link to={href.powerHours({ uuid: dbUuid })}>Почасовое потребление</Link>
      </Flex>
      {sites.map((site) => (
        <Flex vertical gap="small" key={site.id}>
          <Typography.Text type="secondary">
            {site.name}: сегодня {site.today.split("-").reverse().join(".")}, время площадки ({site.time_zone})
          </Typography.Text>
          {site.substations.map((substation) => (
            <Substation key={substation.id} substation={substation} timeZone={site.time_zone} />
          ))}
          {site.meters.length > 0 && (
            <MeterTable meters={site.meters} timeZone={site.time_zone} label="Счётчики вне подстанций" />
          )}
        </Flex>
      ))}
    </>
  );
}

export function PowerMonitoringPage() {
  return <MonitoringFrame title="Мониторинг электроэнергии">{(data) => <Power {...data} />}</MonitoringFrame>;
}
