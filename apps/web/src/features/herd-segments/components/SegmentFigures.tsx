import { Alert, Card, Col, Row, Skeleton, Statistic } from "antd";
import { useMemo } from "react";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { useSegmentCounts } from "../api.ts";
import { type Figure, lactationFigures, statusFigures } from "../lib/figure-rules.ts";

/** The segment's animals by status and by lactation group (one count each, asked together). */
export function SegmentFigures({ dbUuid, text }: { dbUuid: string; text: string }) {
  const groups = useMemo(
    () => [
      { title: "По статусу", figures: statusFigures(text) },
      { title: "По лактации", figures: lactationFigures(text) },
    ],
    [text],
  );
  const texts = useMemo(
    () => Object.fromEntries(groups.flatMap((group) => group.figures.map((f: Figure) => [f.key, f.text]))),
    [groups],
  );
  const counts = useSegmentCounts(dbUuid, texts);
  if (counts.isError) return <Alert type="error" showIcon title={errorMessage(counts.error)} />;
  return (
    <Row gutter={[12, 12]}>
      {groups.map((group) => (
        <Col key={group.title} xs={24} lg={12}>
          <Card size="small" title={group.title}>
            {counts.data ? (
              <Row gutter={[12, 12]}>
                {group.figures.map((figure) => (
                  <Col key={figure.key} xs={12} sm={8} role="group" aria-label={figure.label}>
                    <Statistic title={figure.label} value={counts.data[figure.key] ?? 0} groupSeparator=" " />
                  </Col>
                ))}
              </Row>
            ) : (
              <Skeleton active paragraph={{ rows: 1 }} />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
