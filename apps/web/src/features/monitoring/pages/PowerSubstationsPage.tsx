import { DownloadOutlined } from "@ant-design/icons";
import { Button, Flex, Spin, Table, Typography } from "antd";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { usePowerEnergy } from "../api.ts";
import { MonitoringEmpty } from "../components/MonitoringEmpty.tsx";
import { type FrameData, MonitoringFrame } from "../components/MonitoringFrame.tsx";
import { RangeBar } from "../components/RangeBar.tsx";
import { useSiteRange } from "../components/use-site-range.ts";
import { saveCsv } from "../lib/csv.ts";
import { figure, rangeText, siteDay } from "../lib/site-time.ts";
import { type LossRow, substationLosses } from "../lib/substation-losses.ts";

// /equipment_monitoring/power_monitoring/substations/:uuid — each substation by the site's local
// day: energy in (the input meter), out (Σ feeders) and the losses, kWh and %, with the period's total.

const percentText = (r: LossRow) => (r.percent === null ? "—" : `${figure(r.percent)} %`);

function Substations({ dbUuid, catalog, timeZone }: FrameData) {
  const { pick, range, setPick, setCustom } = useSiteRange(timeZone, "7d", dbUuid);
  const energy = usePowerEnergy(dbUuid, { ...range, grain: "day" });
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
  const exportCsv = () =>
    saveCsv(
      [
        ["Подстанция", "День", "Ввод, кВт·ч", "Фидеры, кВт·ч", "Потери, кВт·ч", "Потери, %"],
        ...losses.flatMap((l) =>
          [...l.rows, l.total].map((r) => [
            nameOf(l.substationId),
            r.bucket ? siteDay(r.bucket, l.timeZone) : "Итого",
            r.input,
            r.feeders,
            r.loss,
            r.percent === null ? null : Math.round(r.percent * 100) / 100,
          ]),
        ),
      ],
      `Подстанции ${catalog.database.name} ${rangeText(range, timeZone)}.csv`,
    );
  return (
    <>
      <Flex gap="small" wrap align="center">
        <RangeBar pick={pick} range={range} timeZone={timeZone} onPick={setPick} onCustom={setCustom} />
        <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={losses.length === 0}>
          CSV
        </Button>
      </Flex>
      <Typography.Text type="secondary">Дни площадки ({timeZone}): потери = ввод − сумма фидеров</Typography.Text>
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
          <section key={l.substationId} aria-label={nameOf(l.substationId)}>
            <Typography.Title level={5}>{nameOf(l.substationId)}</Typography.Title>
            <Table
              size="small"
              pagination={false}
              rowKey={(r) => r.bucket || "total"}
              aria-label={`Потери: ${nameOf(l.substationId)}`}
              dataSource={[...l.rows, l.total]}
              columns={[
                { title: "День", key: "day", render: (_, r) => (r.bucket ? siteDay(r.bucket, l.timeZone) : "Итого") },
                { title: "Ввод", key: "input", render: (_, r) => figure(r.input, "кВт·ч") },
                { title: "Фидеры", key: "feeders", render: (_, r) => figure(r.feeders, "кВт·ч") },
                { title: "Потери", key: "loss", render: (_, r) => figure(r.loss, "кВт·ч") },
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
