import { Typography } from "antd";
import { type ReactNode, type UIEvent, useState } from "react";

export const COLUMN_GAP = 12;

/**
 * The board's columns side by side, scrolling sideways within themselves (never the page). On a
 * phone each column takes most of the width, snaps into place and lets the next one peek in, and
 * «Колонка 2 из 5» tells where the user is.
 */
export function ColumnsStrip({ count, phone, children }: { count: number; phone: boolean; children: ReactNode }) {
  const [index, setIndex] = useState(0);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const strip = event.currentTarget;
    const first = strip.firstElementChild;
    if (!(first instanceof HTMLElement) || first.offsetWidth === 0) return;
    setIndex(Math.min(count - 1, Math.round(strip.scrollLeft / (first.offsetWidth + COLUMN_GAP))));
  };
  return (
    <>
      {phone && count > 1 ? (
        <Typography.Text type="secondary" role="status" style={{ display: "block", marginBottom: 8 }}>
          Колонка {Math.min(index, count - 1) + 1} из {count} — листайте вбок
        </Typography.Text>
      ) : null}
      <div
        data-board-columns
        onScroll={phone ? onScroll : undefined}
        style={{
          display: "flex",
          gap: COLUMN_GAP,
          overflowX: "auto",
          paddingBottom: 8,
          alignItems: "flex-start",
          scrollSnapType: phone ? "x mandatory" : undefined,
          overscrollBehaviorX: "contain",
        }}
      >
        {children}
      </div>
    </>
  );
}
