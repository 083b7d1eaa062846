import type { HerdUploadCounts } from "@nadoy/contract/herd";
import { Card, Col, Flex, Row, Statistic, theme } from "antd";

const GROUPS: { title: string; items: { key: keyof HerdUploadCounts; label: string; onlyIfAny?: boolean }[] }[] = [
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
      // Shown when there are any: with them the events' figures add up to the rows.
      { key: "rows_repeated", label: "Повторы в файле", onlyIfAny: true },
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
            {/* Each figure as wide as its label, wrapping when the card is narrow: fixed equal
                columns ran «Изменённые» into «Без изменений» at 1440 px. */}
            <Flex wrap gap={`${token.marginXS}px ${token.marginLG}px`}>
              {group.items
                .filter((item) => !item.onlyIfAny || counts[item.key] > 0)
                .map((item) => (
                  <Statistic
                    key={item.key}
                    title={item.label}
                    value={counts[item.key]}
                    formatter={(value) => Number(value).toLocaleString("ru-RU")}
                    styles={{ content: { color: item.key === "rows_refused" ? refused : undefined } }}
                  />
                ))}
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
