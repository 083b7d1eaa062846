import { QuestionCircleOutlined } from "@ant-design/icons";
import type { HerdReportKpi } from "@nadoy/contract/herd-reports";
import { Card, Flex, Tooltip, Typography, theme } from "antd";
import { countsAnimals, formatFigure, kpiChange, kpiDirection, type ReportDrill } from "../lib/report-format.ts";
import { BenchmarkBand } from "./BenchmarkBand.tsx";

const withUnit = (key: string, value: number | null, unit: string) =>
  value === null ? formatFigure(key, null) : `${formatFigure(key, value)}${unit ? ` ${unit}` : ""}`;

/** The card's width: enough for the longest label word («Оплодотворяемость») beside its «?». */
const CARD_BASIS = "1 1 190px";

function KpiCard({ kpi, onDrill }: { kpi: HerdReportKpi; onDrill: (drill: ReportDrill) => void }) {
  const { token } = theme.useToken();
  const direction = kpiDirection(kpi);
  const colour =
    direction === "better" ? token.colorSuccess : direction === "worse" ? token.colorError : token.colorTextSecondary;
  const change = kpiChange(kpi);
  const drill = kpi.drill;
  const open = drill
    ? () => onDrill({ drill, label: kpi.label, value: kpi.value, animals: countsAnimals(kpi.unit) })
    : undefined;
  return (
    <Card
      size="small"
      hoverable={open !== undefined}
      onClick={open}
      style={{ flex: CARD_BASIS, cursor: open ? "pointer" : undefined }}
      aria-label={kpi.label}
      role={open ? "button" : undefined}
      tabIndex={open ? 0 : undefined}
      onKeyDown={open ? (event) => (event.key === "Enter" || event.key === " ") && open() : undefined}
    >
      <Flex justify="space-between" gap="small">
        {/* A long word is hyphenated by the Russian rules, never cut at an arbitrary letter. */}
        <Typography.Text type="secondary" lang="ru" style={{ hyphens: "auto", overflowWrap: "normal", minWidth: 0 }}>
          {kpi.label}
        </Typography.Text>
        <Tooltip title={kpi.hint}>
          <QuestionCircleOutlined aria-label={`Что это: ${kpi.label}`} onClick={(event) => event.stopPropagation()} />
        </Tooltip>
      </Flex>
      <Typography.Text strong style={{ fontSize: token.fontSizeHeading3, display: "block" }}>
        {withUnit(kpi.key, kpi.value, kpi.unit)}
      </Typography.Text>
      {kpi.compare_value !== null ? (
        <Typography.Text data-direction={direction} style={{ color: colour }}>
          {change !== null
            ? `${change > 0 ? "+" : change < 0 ? "−" : "±"}${formatFigure(kpi.key, Math.abs(change))} · `
            : ""}
          было {withUnit(kpi.key, kpi.compare_value, kpi.unit)}
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
