import type { PowerMeter, PowerSubstation } from "@nadoy/contract/monitoring";
import { Flex, Statistic, Typography } from "antd";
import type { Cell } from "../lib/csv.ts";
import { figure } from "../lib/site-time.ts";
import { CategoryChart } from "./CategoryChart.tsx";
import { MonitoringEmpty } from "./MonitoringEmpty.tsx";
import { lossText, meterName, PowerMeterTable } from "./PowerMeterTable.tsx";

// «Подстанции»: one substation's load now and today (the power overview's answer) — its input and
// every feeder with power now, kWh today beside yesterday's and its share of the input, the losses
// today and yesterday, and the feeders' kWh today against yesterday's as bars.

const metersOf = (s: PowerSubstation): PowerMeter[] => [...(s.input ? [s.input] : []), ...s.feeders];

export function SubstationLoad({ substation, timeZone }: { substation: PowerSubstation; timeZone: string }) {
  const meters = metersOf(substation);
  // The feeders' bars; a substation with only its input shows the input's.
  const charted = substation.feeders.length > 0 ? substation.feeders : meters;
  const feedersPower = substation.feeders.some((f) => f.power_kw !== null)
    ? substation.feeders.reduce((total, f) => total + (f.power_kw ?? 0), 0)
    : null;
  return (
    <section aria-label={substation.name}>
      <Typography.Title level={5}>{substation.name}</Typography.Title>
      <Flex gap="large" wrap style={{ marginBottom: 8 }}>
        <Statistic title="Нагрузка ввода сейчас" value={figure(substation.input?.power_kw ?? null, "кВт")} />
        <Statistic title="Нагрузка фидеров сейчас" value={figure(feedersPower, "кВт")} />
        <Statistic
          title="Ввод сегодня"
          value={figure(substation.input?.kwh_today ?? null, "кВт·ч")}
          suffix={
            substation.input && (
              <Typography.Text type="secondary">
                {" "}
                (вчера {figure(substation.input.kwh_yesterday, "кВт·ч")})
              </Typography.Text>
            )
          }
        />
        <Statistic title="Потери сегодня" value={lossText(substation.losses_today)} />
        <Statistic title="Потери вчера" value={lossText(substation.losses_yesterday)} />
      </Flex>
      {meters.length === 0 ? (
        <MonitoringEmpty
          title="У подстанции нет счётчиков."
          hint="Добавьте счётчик ввода и фидеров в «Схеме площадки»."
        />
      ) : (
        <>
          <CategoryChart
            label={`Фидеры сегодня и вчера: ${substation.name}`}
            categories={charted.map((m) => m.name)}
            series={[
              { name: "Сегодня", type: "bar", data: charted.map((m) => m.kwh_today) },
              { name: "Вчера", type: "bar", data: charted.map((m) => m.kwh_yesterday), previous: true },
            ]}
            unit="кВт·ч"
          />
          <PowerMeterTable
            meters={meters}
            timeZone={timeZone}
            label={`Нагрузка: ${substation.name}`}
            inputToday={substation.input?.kwh_today}
          />
        </>
      )}
    </section>
  );
}

/** What SubstationLoad shows, as export rows: a header, each meter, the losses. */
export function substationLoadRows(substations: PowerSubstation[]): Cell[][] {
  return [
    ["Подстанция", "Счётчик", "Мощность сейчас, кВт", "Сегодня, кВт·ч", "Вчера, кВт·ч", "Сегодня, % ввода"],
    ...substations.flatMap((s) => [
      ...metersOf(s).map((m) => [
        s.name,
        meterName(m),
        m.power_kw,
        m.kwh_today,
        m.kwh_yesterday,
        m.role === "feeder" && s.input && s.input.kwh_today > 0 ? (m.kwh_today / s.input.kwh_today) * 100 : null,
      ]),
      ...(s.losses_today || s.losses_yesterday
        ? [
            [
              s.name,
              "Потери (ввод − фидеры)",
              null,
              s.losses_today?.kwh,
              s.losses_yesterday?.kwh,
              s.losses_today?.percent,
            ],
          ]
        : []),
    ]),
  ];
}
