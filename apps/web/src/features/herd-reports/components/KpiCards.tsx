import { QuestionCircleOutlined } from "@ant-design/icons";
import type { HerdReportKpi } from "@nadoy/contract/herd-reports";
import { Card, Flex, Tooltip, Typography, theme } from "antd";
import { formatNumber } from "../../../shared/herd/herd-format.ts";
import { kpiDirection, type ReportDrill } from "../lib/report-format.ts";
import { BenchmarkBand } from "./BenchmarkBand.tsx";

const withUnit = (value: number | null, unit: string) =>
  value === null ? formatNumber(null) : `${formatNumber(value, 1)}${unit ? ` ${unit}` : ""}`;

function KpiCard({ kpi, onDrill }: { kpi: HerdReportKpi; onDrill: (drill: ReportDrill) => void }) {
  const { token } = theme.useToken();
  const direction = kpiDirection(kpi);
  const colour =
    direction === "better" ? token.colorSuccess : direction === "worse" ? token.colorError : token.colorTextSecondary;
  const change = kpi.value !== null && kpi.compare_value !== null ? kpi.value - kpi.compare_value : null;
  const drill = kpi.drill;
  const open = drill ? () => onDrill({ drill, label: kpi.label, value: kpi.value }) : undefined;
  return (
    <Card
      size="small"
      hoverable={open !== undefined}
      onClick={open}
      style={{ flex: "1 1 140px", cursor: open ? "pointer" : undefined }}
      aria-label={kpi.label}
      role={open ? "button" : undefined}
      tabIndex={open ? 0 : undefined}
      onKeyDown={open ? (event) => (event.key === "Enter" || event.key === " ") && open() : undefined}
    >
      <Flex justify="space-between" gap="small">
        <Typography.Text type="secondary">{kpi.label}</Typography.Text>
        <Tooltip title={kpi.hint}>
          <QuestionCircleOutlined aria-label={`Что это: ${kpi.label}`} onClick={(event) => event.stopPropagation()} />
        </Tooltip>
      </Flex>
      <Typography.Text strong style={{ fontSize: token.fontSizeHeading3, display: "block" }}>
        {withUnit(kpi.value, kpi.unit)}
      </Typography.Text>
      {kpi.compare_value !== null ? (
        <Typography.Text data-direction={direction} style={{ color: colour }}>
          {change !== null ? `${change > 0 ? "+" : change < 0 ? "−" : "±"}${formatNumber(Math.abs(change), 1)} · ` : ""}
          было {withUnit(kpi.compare_value, kpi.unit)}
        </Typography.Text>
      ) : null}
      <BenchmarkBand kpi={kpi} />
    </Card>
  );
}

/** The report's figures as cards that wrap on a phone; a card with animals behind it opens them. */
export function KpiCards({ kpis, onDrill }: { kpis: readonly HerdReportKpi[]; onDrill: (drill: ReportDrill) => void }) {
  return (
    <Flex wrap gap="small" role="list" aria-label="Показатели">
      {kpis.map((kpi) => (
        <KpiCard key={kpi.key} kpi={kpi} onDrill={onDrill} />
      ))}
    </Flex>
  );
}
