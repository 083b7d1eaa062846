import type { PowerMeter, PowerSubstation } from "@nadoy/contract/monitoring";
import { Table } from "antd";
import { figure, siteDateTime } from "../lib/site-time.ts";

// The meters of a substation (or of none) as the power overview and «Подстанции» show them:
// power now with the time of its reading, kWh today and yesterday (local days of the site).

/** A substation's losses: «15 кВт·ч (30 %)», «—» without an input meter. */
export const lossText = (loss: PowerSubstation["losses_today"]) =>
  loss ? `${figure(loss.kwh, "кВт·ч")}${loss.percent === null ? "" : ` (${figure(loss.percent)} %)`}` : "—";

export const meterName = (m: PowerMeter) => (m.role === "input" ? `${m.name} (ввод)` : m.name);

export const powerNowText = (m: PowerMeter, timeZone: string) =>
  m.power_kw === null
    ? "нет данных"
    : `${figure(m.power_kw, "кВт")}${m.power_at ? ` · ${siteDateTime(m.power_at, timeZone)}` : ""}`;

interface PowerMeterTableProps {
  meters: PowerMeter[];
  timeZone: string;
  label: string;
  /** The input's kWh today: each feeder's share of it is shown beside its kWh. */
  inputToday?: number;
}

export function PowerMeterTable({ meters, timeZone, label, inputToday }: PowerMeterTableProps) {
  const share = (m: PowerMeter) =>
    m.role === "feeder" && inputToday !== undefined && inputToday > 0
      ? `${figure((m.kwh_today / inputToday) * 100)} %`
      : "";
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="series_id"
      aria-label={label}
      dataSource={meters}
      columns={[
        { title: "Счётчик", key: "name", render: (_, m) => meterName(m) },
        { title: "Мощность сейчас", key: "power", render: (_, m) => powerNowText(m, timeZone) },
        { title: "Сегодня", key: "today", render: (_, m) => figure(m.kwh_today, "кВт·ч") },
        ...(inputToday === undefined
          ? []
          : [{ title: "Доля ввода сегодня", key: "share", render: (_: unknown, m: PowerMeter) => share(m) }]),
        { title: "Вчера", key: "yesterday", render: (_, m) => figure(m.kwh_yesterday, "кВт·ч") },
      ]}
    />
  );
}
