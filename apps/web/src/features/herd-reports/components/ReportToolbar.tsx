import { DownloadOutlined, PrinterOutlined } from "@ant-design/icons";
import {
  HERD_LACT_GROUP_LABELS,
  HERD_LACT_GROUPS,
  HERD_REPORT_COMPARISON_LABELS,
  HERD_REPORT_COMPARISONS,
  type HerdReportQuery,
} from "@nadoy/contract/herd-reports";
import type { HerdSegment } from "@nadoy/contract/herd-segments";
import { Button, DatePicker, Flex, Input, Select } from "antd";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { isoDay } from "../../../shared/lib/iso-day.ts";
import { periodPresets, withQuickFilter, withSegment } from "../lib/report-url.ts";

interface ReportToolbarProps {
  query: HerdReportQuery;
  /** The period the report shows (the server's default when the URL names none). */
  period: { from: string; to: string } | undefined;
  segments: readonly HerdSegment[];
  /** What the segment picker says for a segment of the link that is not in `segments` (never its uuid). */
  missingSegmentLabel: string;
  onChange: (query: HerdReportQuery) => void;
  onExport: () => void;
  exporting: boolean;
  /** Nothing to print or export (no report yet, or it failed). */
  disabled?: boolean;
}

/** The pen typed: asked for on Enter or on leaving the field, not at every key. */
function PenInput({ value, onCommit }: { value: string | undefined; onCommit: (pen: string | undefined) => void }) {
  const [text, setText] = useState(value ?? "");
  useEffect(() => setText(value ?? ""), [value]);
  const commit = () => {
    const pen = text.trim() || undefined;
    if (pen !== value) onCommit(pen);
  };
  return (
    <Input
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      onPressEnter={commit}
      onBlur={commit}
      placeholder="Группа (пен) сейчас"
      aria-label="Группа"
      style={{ width: 140 }}
    />
  );
}

/** The report's period, comparison and segment (a saved one or quick filters), print and XLSX. */
export function ReportToolbar({
  query,
  period,
  segments,
  missingSegmentLabel,
  onChange,
  onExport,
  exporting,
  disabled = false,
}: ReportToolbarProps) {
  const from = query.from ?? period?.from;
  const to = query.to ?? period?.to;
  return (
    <Flex gap="small" wrap className="herd-report-toolbar" role="toolbar" aria-label="Условия отчёта">
      <DatePicker.RangePicker
        value={from && to ? [dayjs(from), dayjs(to)] : null}
        format="DD.MM.YYYY"
        allowClear={false}
        presets={periodPresets()}
        onChange={(range) => {
          if (range?.[0] && range[1]) onChange({ ...query, from: isoDay(range[0]), to: isoDay(range[1]) });
        }}
        placeholder={["С", "По"]}
        aria-label="Период"
      />
      <Select
        value={query.compare}
        options={HERD_REPORT_COMPARISONS.map((value) => ({ value, label: HERD_REPORT_COMPARISON_LABELS[value] }))}
        onChange={(compare) => onChange({ ...query, compare })}
        aria-label="Сравнение"
        style={{ width: 260 }}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: "label" }}
        value={query.segment}
        options={segments.map((segment) => ({ value: segment.uuid, label: segment.name }))}
        labelRender={({ value, label }) => (segments.some((s) => s.uuid === value) ? label : missingSegmentLabel)}
        onChange={(segment?: string) => onChange(withSegment(query, segment))}
        placeholder="Всё стадо"
        notFoundContent="Сохранённых сегментов нет"
        aria-label="Сегмент"
        style={{ width: 200 }}
      />
      <Select
        allowClear
        value={query.lact_group}
        options={HERD_LACT_GROUPS.map((value) => ({ value, label: HERD_LACT_GROUP_LABELS[value] }))}
        onChange={(lact_group?: HerdReportQuery["lact_group"]) =>
          onChange(withQuickFilter(query, { lact_group, pen: query.pen }))
        }
        placeholder="Все лактации"
        aria-label="Лактация"
        style={{ width: 160 }}
      />
      <PenInput
        value={query.pen}
        onCommit={(pen) => onChange(withQuickFilter(query, { lact_group: query.lact_group, pen }))}
      />
      <Button icon={<PrinterOutlined />} disabled={disabled} onClick={() => window.print()}>
        Печать
      </Button>
      <Button icon={<DownloadOutlined />} disabled={disabled} loading={exporting} onClick={onExport}>
        Скачать XLSX
      </Button>
    </Flex>
  );
}
