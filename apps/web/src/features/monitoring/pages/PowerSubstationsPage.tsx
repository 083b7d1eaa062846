import { Flex, Spin, Table, Typography } from "antd";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { zoneText } from "../../../shared/lib/zone-text.ts";
import { usePowerEnergy, usePowerOverview } from "../api.ts";
import { ExportButtons } from "../components/ExportButtons.tsx";
import { MonitoringEmpty } from "../components/MonitoringEmpty.tsx";
import { type FrameData, MonitoringFrame } from "../components/MonitoringFrame.tsx";
import { RangeBar } from "../components/RangeBar.tsx";
import { SubstationLoad, substationLoadRows } from "../components/SubstationLoad.tsx";
import { useSiteRange } from "../components/use-site-range.ts";
import { type Cell, exportFileName } from "../lib/csv.ts";
import { DAY_QUICK_RANGES, figure, siteDay } from "../lib/site-time.ts";
import { type LossRow, NO_DATA, substationLosses } from "../lib/substation-losses.ts";

// /equipment_monitoring/power_monitoring/substations/:uuid — each substation's load now and today
// (the power overview's answer: its input and every feeder, power now, kWh today beside
// yesterday's, the losses; SubstationLoad), then by the site's local day: energy in (the input
// meter), out (Σ feeders) and the losses, kWh and %, with the period's total.
// Whole local days (quickDays): «7 дней» is 7 rows; a day a meter read nothing says so.

const percentText = (r: LossRow) => (r.loss === null ? NO_DATA : r.percent === null ? "—" : `${figure(r.percent)} %`);
const kwhText = (value: number | null) => (value === null ? NO_DATA : figure(value, "кВт·ч"));

function Substations({ dbUuid, catalog, timeZone }: FrameData) {
  const { pick, range, setPick, setCustom } = useSiteRange(timeZone, "7d", dbUuid, true);
  const energy = usePowerEnergy(dbUuid, { ...range, grain: "day" });
  const overview = usePowerOverview(dbUuid);
  if (catalog.substations.length === 0) {
    return (
      <MonitoringEmpty
        title="В этой базе нет подстанций."
        hint="Опишите подстанцию площадки с её счётчиком ввода и фидерами — потери появятся здесь."
      />
    );
  }
  const sites = energy.data?.sites ?? [];
  const losses = sites.flatMap((site) => substationLosses(site).map((l) => ({ ...l, timeZone: site.time_zone })));
  const nameOf = (id: number) => catalog.substations.find((s) => s.id === id)?.name ?? String(id);
  const loadNow = (overview.data?.sites ?? []).flatMap((site) => site.substations);
  const exportRows = (): Cell[][] => [
    ...substationLoadRows(loadNow),
    [],
    ["Подстанция", "День", "Ввод, кВт·ч", "Фидеры, кВт·ч", "Потери, кВт·ч", "Потери, %"],
    ...losses.flatMap((l) =>
      [...l.rows, l.total].map((r) => [
        nameOf(l.substationId),
        r.bucket ? siteDay(r.bucket, l.timeZone) : "Итого",
        r.input,
        r.feeders,
        r.loss,
        r.percent,
      ]),
    ),
  ];
  return (
    <>
      <Flex gap="small" wrap align="center">
        <ExportButtons
          rows={exportRows}
          fileName={exportFileName(catalog.database.name, "подстанции", range, timeZone)}
          disabled={loadNow.length === 0 && losses.length === 0}
        />
      </Flex>
      <Typography.Title level={4}>Сейчас и сегодня</Typography.Title>
      {overview.isPending ? (
        <Spin style={{ display: "block", margin: "48px auto" }} />
      ) : overview.isError ? (
        <Typography.Text type="danger">{errorMessage(overview.error)}</Typography.Text>
      ) : (
        overview.data.sites.map((site) => (
          <Flex vertical gap="small" key={site.id}>
            <Typography.Text type="secondary">
              {site.name}: сегодня {siteDay(overview.data.now, site.time_zone)}, время площадки (
              {zoneText(site.time_zone)}); вчера — весь день
            </Typography.Text>
            {site.substations.map((substation) => (
              <SubstationLoad key={substation.id} substation={substation} timeZone={site.time_zone} />
            ))}
          </Flex>
        ))
      )}
      <Typography.Title level={4}>По дням</Typography.Title>
      <Flex gap="small" wrap align="center">
        <RangeBar
          pick={pick}
          range={range}
          timeZone={timeZone}
          onPick={setPick}
          onCustom={setCustom}
          picks={DAY_QUICK_RANGES}
          days
        />
      </Flex>
      <Typography.Text type="secondary">
        Дни площадки ({zoneText(timeZone)}): потери = ввод − сумма фидеров
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
        losses.map((l) => (
          <section key={l.substationId} aria-label={`По дням: ${nameOf(l.substationId)}`}>
            <Typography.Title level={5}>{nameOf(l.substationId)}</Typography.Title>
            <Table
              size="small"
              pagination={false}
              rowKey={(r) => r.bucket || "total"}
              aria-label={`Потери: ${nameOf(l.substationId)}`}
              dataSource={[...l.rows, l.total]}
              columns={[
                { title: "День", key: "day", render: (_, r) => (r.bucket ? siteDay(r.bucket, l.timeZone) : "Итого") },
                { title: "Ввод", key: "input", render: (_, r) => kwhText(r.input) },
                { title: "Фидеры", key: "feeders", render: (_, r) => kwhText(r.feeders) },
                { title: "Потери", key: "loss", render: (_, r) => kwhText(r.loss) },
                { title: "Потери, %", key: "percent", render: (_, r) => percentText(r) },
              ]}
            />
          </section>
        ))
      )}
    </>
  );
}

export function PowerSubstationsPage() {
  return <MonitoringFrame title="Подстанции">{(data) => <Substations {...data} />}</MonitoringFrame>;
}
