import { Alert, Descriptions, Drawer, Empty, Flex, Spin, Typography } from "antd";
import { lazy, Suspense } from "react";
import { errorMessage } from "../lib/api-error.ts";
import { AnimalEventsTimeline } from "./AnimalEventsTimeline.tsx";
import { AnimalSummary } from "./AnimalSummary.tsx";
import { useHerdAnimal } from "./animal-card-api.ts";
import { LactationsTable } from "./LactationsTable.tsx";
import { curveSeries } from "./lactation-curve-option.ts";
import { TestDaysTable } from "./TestDaysTable.tsx";

// ECharts only when a card with test days is opened.
const LactationCurveChart = lazy(() =>
  import("./LactationCurveChart.tsx").then((m) => ({ default: m.LactationCurveChart })),
);

interface AnimalCardDrawerProps {
  dbUuid: string;
  /** The animal shown; null keeps the drawer closed. */
  animalUuid: string | null;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

/**
 * The card of one animal of a herd database, for any page that lists animals or events: who it is,
 * its free attributes, lactations, the test-day lactation curve and the test days, events (newest
 * first).
 */
export function AnimalCardDrawer({ dbUuid, animalUuid, onClose }: AnimalCardDrawerProps) {
  const card = useHerdAnimal(dbUuid, animalUuid);
  const animal = card.data;
  const attributes = animal ? Object.entries(animal.attributes) : [];

  return (
    <Drawer
      open={animalUuid !== null}
      onClose={onClose}
      size="large"
      title={animal ? `Животное № ${animal.barn_number}` : "Карточка животного"}
      destroyOnHidden
    >
      {card.isPending ? <Spin description="Загрузка…" /> : null}
      {card.isError ? <Alert type="error" showIcon title={errorMessage(card.error)} /> : null}
      {animal ? (
        <Flex vertical gap="large">
          <AnimalSummary animal={animal} />
          <Section title="Прочие показатели">
            {attributes.length > 0 ? (
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                items={attributes.map(([name, value]) => ({ key: name, label: name, children: value }))}
              />
            ) : (
              <Typography.Text type="secondary">Других показателей в файлах не было</Typography.Text>
            )}
          </Section>
          <Section title="Лактации">
            <LactationsTable lactations={animal.lactations} />
          </Section>
          <Section title="Лактационная кривая">
            {curveSeries(animal.test_days).length > 0 ? (
              <Suspense fallback={<Spin />}>
                <LactationCurveChart testDays={animal.test_days} />
              </Suspense>
            ) : (
              <Empty
                description={
                  animal.test_days.length > 0
                    ? "Для кривой нужна дата отёла: контрольные дойки — в таблице ниже"
                    : "Контрольных доек нет"
                }
                image={Empty.PRESENTED_IMAGE_SIMPLE}
              />
            )}
          </Section>
          {animal.test_days.length > 0 ? (
            <Section title="Контрольные дойки">
              <TestDaysTable testDays={animal.test_days} />
            </Section>
          ) : null}
          <Section title="События">
            <AnimalEventsTimeline events={animal.events} />
          </Section>
        </Flex>
      ) : null}
    </Drawer>
  );
}
