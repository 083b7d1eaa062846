import type { HerdUploadCounts } from "@nadoy/contract/herd";
import { Card, Col, Row, Statistic, theme } from "antd";

const GROUPS: { title: string; items: { key: keyof HerdUploadCounts; label: string }[] }[] = [
  {
    title: "Животные",
    items: [
      { key: "animals_new", label: "Новые" },
      { key: "animals_changed", label: "Изменённые" },
      { key: "animals_unchanged", label: "Без изменений" },
    ],
  },
  {
    title: "События",
    items: [
      { key: "events_new", label: "Новые" },
      { key: "events_unchanged", label: "Уже были" },
    ],
  },
  {
    title: "Контрольные дойки",
    items: [
      { key: "test_days_new", label: "Новые" },
      { key: "test_days_changed", label: "Изменённые" },
      { key: "test_days_unchanged", label: "Уже были" },
    ],
  },
  {
    title: "Строки файла",
    items: [
      { key: "rows", label: "Всего" },
      { key: "rows_refused", label: "Отклонены" },
    ],
  },
];

/** What a file holds or what was written: animals, events, test days and rows, each group a card. */
export function UploadCounts({ counts }: { counts: HerdUploadCounts }) {
  const { token } = theme.useToken();
  const refused = counts.rows_refused > 0 ? token.colorError : undefined;
  return (
    <Row gutter={[16, 16]}>
      {GROUPS.map((group) => (
        <Col key={group.title} xs={24} sm={12} xl={6}>
          <Card size="small" title={group.title} style={{ height: "100%" }}>
            <Row gutter={8}>
              {group.items.map((item) => (
                <Col key={item.key} span={24 / group.items.length}>
                  <Statistic
                    title={item.label}
                    value={counts[item.key]}
                    formatter={(value) => Number(value).toLocaleString("ru-RU")}
                    styles={{ content: { color: item.key === "rows_refused" ? refused : undefined } }}
                  />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
