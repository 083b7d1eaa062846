import type { HerdReportKpi } from "@nadoy/contract/herd-reports";
import { Tooltip, Typography, theme } from "antd";
import { bandStanding, formatFigure } from "../lib/report-format.ts";

/**
 * The farm's figure on the spread of the same figure over the farms we serve: a bar whose shaded
 * part is the middle half of the farms (quartile 1 to 3), a tick at the median and a dot for this
 * farm, with the standing in words. Only aggregates: no other farm is named.
 */
export function BenchmarkBand({ kpi }: { kpi: HerdReportKpi }) {
  const { token } = theme.useToken();
  const standing = bandStanding(kpi);
  const { band, value } = kpi;
  if (!band || value === null || !standing) return null;
  const low = Math.min(band.q1, value);
  const high = Math.max(band.q3, value);
  const pad = (high - low) * 0.15 || Math.abs(high) * 0.1 || 1;
  const at = (x: number) => `${(((x - (low - pad)) / (high - low + 2 * pad)) * 100).toFixed(1)}%`;
  const colour =
    standing.tone === "better"
      ? token.colorSuccess
      : standing.tone === "worse"
        ? token.colorError
        : token.colorTextSecondary;
  const f = (x: number) => formatFigure(kpi.key, x);
  const detail = `Среди ${band.farms} хозяйств: четверть — ниже ${f(band.q1)}, половина — ниже ${f(band.median)}, три четверти — ниже ${f(band.q3)}. Только сводные числа: другие хозяйства не называются.`;
  return (
    <Tooltip title={detail}>
      <div data-testid="benchmark-band" style={{ marginTop: token.marginXXS }}>
        <div
          style={{ position: "relative", height: 8, borderRadius: 4, background: token.colorFillTertiary }}
          role="img"
          aria-label={`${standing.text}. ${detail}`}
        >
          <div
            style={{
              position: "absolute",
              left: at(band.q1),
              width: `calc(${at(band.q3)} - ${at(band.q1)})`,
              top: 0,
              bottom: 0,
              borderRadius: 4,
              background: token.colorFillSecondary,
            }}
          />
          <div
            style={{
              position: "absolute",
              left: at(band.median),
              top: -2,
              bottom: -2,
              width: 2,
              background: token.colorTextTertiary,
            }}
          />
          <div
            style={{
              position: "absolute",
              left: `calc(${at(value)} - 5px)`,
              top: -1,
              width: 10,
              height: 10,
              borderRadius: 5,
              background: colour,
            }}
          />
        </div>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, color: colour }}>
          {standing.text} · медиана {f(band.median)}
        </Typography.Text>
      </div>
    </Tooltip>
  );
}
