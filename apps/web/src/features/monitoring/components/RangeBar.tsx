import { DatePicker, Flex, Segmented } from "antd";
import type { Dayjs } from "dayjs";
import { dayjs, QUICK_RANGE_LABELS, QUICK_RANGES, type QuickRange, type Range } from "../lib/site-time.ts";

export type RangePick = QuickRange | "custom";

interface RangeBarProps {
  pick: RangePick;
  range: Range;
  timeZone: string;
  onPick: (pick: RangePick) => void;
  onCustom: (range: Range) => void;
  /** The quick ranges offered (the charts' four by default). */
  picks?: readonly QuickRange[];
}

/** The wall-clock time picked (shown in the browser's zone) read as the site's wall clock. */
const inSite = (value: Dayjs, timeZone: string) => dayjs.tz(value.format("YYYY-MM-DDTHH:mm"), timeZone).toISOString();
/** An instant shown as the site's wall clock in the picker. */
const asWall = (iso: string, timeZone: string) => dayjs(dayjs(iso).tz(timeZone).format("YYYY-MM-DDTHH:mm"));

/** Quick ranges (today, 24 h, 7 and 30 days) and a custom one, in the site's time. */
export function RangeBar({ pick, range, timeZone, onPick, onCustom, picks = QUICK_RANGES }: RangeBarProps) {
  return (
    <Flex gap="small" wrap align="center" role="toolbar" aria-label="Период">
      <Segmented<RangePick>
        value={pick}
        onChange={onPick}
        options={[...picks, "custom" as const].map((value) => ({ value, label: QUICK_RANGE_LABELS[value] }))}
      />
      {pick === "custom" && (
        <DatePicker.RangePicker
          showTime={{ format: "HH:mm" }}
          format="DD.MM.YYYY HH:mm"
          allowClear={false}
          value={[asWall(range.from, timeZone), asWall(range.to, timeZone)]}
          onChange={(values) => {
            const [from, to] = values ?? [];
            if (from && to?.isAfter(from)) onCustom({ from: inSite(from, timeZone), to: inSite(to, timeZone) });
          }}
        />
      )}
    </Flex>
  );
}
