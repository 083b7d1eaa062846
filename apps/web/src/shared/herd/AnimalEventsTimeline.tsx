import { HERD_EVENT_NAMES, type HerdEvent } from "@nadoy/contract/herd";
import { Empty, Timeline, Typography } from "antd";
import { formatDay, formatNumber } from "./herd-format.ts";

const isKnown = (code: string) => Object.hasOwn(HERD_EVENT_NAMES, code.toUpperCase());

/** What else the event says: lactation and DIM, then the remark, protocol and technician given. */
function details(event: HerdEvent): string[] {
  const when = event.dim === null ? `лактация ${event.lact}` : `лактация ${event.lact}, ДИМ ${formatNumber(event.dim)}`;
  return [
    when,
    event.remark && `Примечание: ${event.remark}`,
    event.protocol && `Протокол: ${event.protocol}`,
    event.technician && `Техник: ${event.technician}`,
  ].filter(Boolean);
}

/**
 * The animal's events, newest first (as the card gives them): the Russian name, or the DC305 code
 * itself when it has none (kept, never dropped).
 */
export function AnimalEventsTimeline({ events }: { events: readonly HerdEvent[] }) {
  if (events.length === 0) return <Empty description="Событий нет" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      items={events.map((event) => ({
        key: event.id,
        title: formatDay(event.date),
        content: (
          <>
            <Typography.Text strong>{isKnown(event.code) ? event.name : event.code}</Typography.Text>{" "}
            <Typography.Text type="secondary">
              {isKnown(event.code) ? event.code : "код DC305 без перевода"}
            </Typography.Text>
            {details(event).map((line) => (
              <div key={line}>
                <Typography.Text type="secondary">{line}</Typography.Text>
              </div>
            ))}
          </>
        ),
      }))}
    />
  );
}
