import { MONITORING_SERIES_MAX, type MonitoringCatalog, type MonitoringSeries } from "@nadoy/contract/monitoring";
import { Select, Typography } from "antd";
import { zoneText } from "../../../shared/lib/zone-text.ts";
import { type Range, rangeText } from "../lib/site-time.ts";

/** A series as the pages name it: «Device — series», or the series alone. */
export function seriesLabel(series: MonitoringSeries, devices: MonitoringCatalog["devices"]): string {
  const device = devices.find((d) => d.id === series.device_id);
  return device ? `${device.name} — ${series.name}` : series.name;
}

/** The series a page shows, several at once (at most MONITORING_SERIES_MAX). */
export function SeriesPicker(props: {
  label: string;
  placeholder: string;
  series: MonitoringSeries[];
  devices: MonitoringCatalog["devices"];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <Select
      mode="multiple"
      aria-label={props.label}
      placeholder={props.placeholder}
      style={{ minWidth: 320, flex: 1 }}
      maxCount={MONITORING_SERIES_MAX}
      value={props.value}
      onChange={props.onChange}
      options={props.series.map((s) => ({ value: s.id, label: seriesLabel(s, props.devices) }))}
    />
  );
}

/** «10.03.2026 00:00 — 10.03.2026 14:25, время площадки (Новосибирск, UTC+7)». */
export function RangeCaption({ range, timeZone }: { range: Range; timeZone: string }) {
  return (
    <Typography.Text type="secondary">
      {rangeText(range, timeZone)}, время площадки ({zoneText(timeZone)})
    </Typography.Text>
  );
}
