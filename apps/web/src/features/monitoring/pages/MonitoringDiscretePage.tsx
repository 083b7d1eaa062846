import type { MonitoringChannel } from "@nadoy/contract/monitoring";
import { MONITORING_SERIES_MAX, MONITORING_WIDTH_MIN } from "@nadoy/contract/monitoring";
import { Flex, Spin, Table, Tag, Typography } from "antd";
import { useMemo, useState } from "react";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { useMonitoringStates } from "../api.ts";
import { ExportButtons } from "../components/ExportButtons.tsx";
import { MonitoringEmpty, NO_READINGS_HINT } from "../components/MonitoringEmpty.tsx";
import { type FrameData, MonitoringFrame } from "../components/MonitoringFrame.tsx";
import { RangeBar } from "../components/RangeBar.tsx";
import { RangeCaption, SeriesPicker, seriesLabel } from "../components/SeriesPicker.tsx";
import { StateTimeline } from "../components/StateTimeline.tsx";
import { useChartWidth } from "../components/use-chart-width.ts";
import { useSiteRange } from "../components/use-site-range.ts";
import { exportFileName } from "../lib/csv.ts";
import { previousRange } from "../lib/previous-range.ts";
import { durationText, siteDateTime } from "../lib/site-time.ts";

// /equipment_monitoring/monitoring_report_discrete/:uuid — discrete channels (on/off/idle/fault):
// a state timeline per channel, time and % in each state against the previous period of equal
// length, the current state and how long it lasts.

const percent = (share: number) => `${(share * 100).toLocaleString("ru-RU", { maximumFractionDigits: 1 })} %`;

/** A channel's time in each state over a range, as tags in the states' colours. */
function StateTags({ states }: { states: MonitoringChannel["states"] }) {
  return (
    <Flex gap={4} wrap>
      {states.map((s) => (
        <Tag key={s.code} color={s.color ?? undefined}>
          {s.name}: {durationText(s.seconds)}, {percent(s.share)}
        </Tag>
      ))}
    </Flex>
  );
}

function Discrete({ dbUuid, catalog, timeZone }: FrameData) {
  const channels = useMemo(() => catalog.series.filter((s) => s.kind === "state"), [catalog]);
  const [chosen, setChosen] = useState<number[]>(() => channels.slice(0, MONITORING_SERIES_MAX).map((s) => s.id));
  const { pick, range, setPick, setCustom } = useSiteRange(timeZone, "today", dbUuid);
  const { ref, width } = useChartWidth<HTMLDivElement>();
  const states = useMonitoringStates(dbUuid, { series: chosen, ...range, width });
  // Only the previous period's time in states is shown, not its timeline: the narrowest one.
  const previous = useMonitoringStates(dbUuid, {
    series: chosen,
    ...previousRange(range),
    width: MONITORING_WIDTH_MIN,
  });

  if (channels.length === 0) {
    return <MonitoringEmpty title="В этой базе пока нет каналов состояний." hint={NO_READINGS_HINT} />;
  }
  const label = (id: number) => {
    const s = channels.find((c) => c.id === id);
    return s ? seriesLabel(s, catalog.devices) : String(id);
  };
  const data: MonitoringChannel[] = states.data?.series ?? [];
  const before = new Map((previous.data?.series ?? []).map((c) => [c.id, c]));
  const previousOf = (channel: number, state: string) => before.get(channel)?.states.find((s) => s.code === state);
  const exportRows = () => [
    ["Канал", "Сейчас", "Сейчас с", "Состояние", "Время, ч", "Доля, %", "Прошлый период, ч", "Прошлый период, %"],
    ...data.flatMap((c) =>
      c.states.map((s) => {
        const was = previousOf(c.id, s.code);
        return [
          label(c.id),
          c.current ? `${c.current.name}, ${durationText(c.current.seconds)}` : "нет данных",
          c.current ? siteDateTime(c.current.since, timeZone) : null,
          s.name,
          s.seconds / 3600,
          s.share * 100,
          was ? was.seconds / 3600 : null,
          was ? was.share * 100 : null,
        ];
      }),
    ),
  ];
  const noReadings = states.isSuccess && data.every((c) => c.segments.length === 0);

  return (
    <>
      <Flex gap="small" wrap align="center">
        <SeriesPicker
          label="Каналы"
          placeholder="Выберите каналы"
          series={channels}
          devices={catalog.devices}
          value={chosen}
          onChange={setChosen}
        />
        <RangeBar pick={pick} range={range} timeZone={timeZone} onPick={setPick} onCustom={setCustom} />
        <ExportButtons
          rows={exportRows}
          fileName={exportFileName(catalog.database.name, "состояния", range, timeZone)}
          disabled={data.length === 0}
        />
      </Flex>
      <RangeCaption range={range} timeZone={timeZone} />
      <div ref={ref}>
        {chosen.length === 0 ? (
          <MonitoringEmpty title="Каналы не выбраны." hint="Выберите один или несколько каналов в списке выше." />
        ) : states.isPending ? (
          <Spin style={{ display: "block", margin: "48px auto" }} />
        ) : states.isError ? (
          <Typography.Text type="danger">{errorMessage(states.error)}</Typography.Text>
        ) : noReadings ? (
          <MonitoringEmpty
            title="За этот период состояний нет."
            hint="Выберите период подлиннее или проверьте, что устройство отправляет состояния."
          />
        ) : (
          <StateTimeline channels={data} names={data.map((c) => label(c.id))} timeZone={timeZone} />
        )}
      </div>
      {!states.isError && (
        <Table
          size="small"
          pagination={false}
          rowKey="id"
          aria-label="Время в состояниях"
          dataSource={data}
          columns={[
            { title: "Канал", key: "name", render: (_, c) => label(c.id) },
            {
              title: "Сейчас",
              key: "current",
              render: (_, c) =>
                c.current ? (
                  <span>
                    <Tag color={c.current.color ?? undefined}>{c.current.name}</Tag>
                    {durationText(c.current.seconds)} (с {siteDateTime(c.current.since, timeZone)})
                  </span>
                ) : (
                  "нет данных"
                ),
            },
            {
              title: "Время в состояниях",
              key: "states",
              render: (_, c) => <StateTags states={c.states} />,
            },
            {
              title: "Прошлый период",
              key: "previous",
              render: (_, c) => {
                const was = before.get(c.id);
                if (!was) return previous.isPending ? "…" : "нет данных";
                return <StateTags states={was.states} />;
              },
            },
          ]}
        />
      )}
    </>
  );
}

export function MonitoringDiscretePage() {
  return <MonitoringFrame title="Состояния оборудования">{(data) => <Discrete {...data} />}</MonitoringFrame>;
}
