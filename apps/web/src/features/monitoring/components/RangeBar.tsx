import { DatePicker, Flex, Segmented } from "antd";
import type { Dayjs } from "dayjs";
import { dayjs, QUICK_RANGE_LABELS, QUICK_RANGES, type QuickRange, type Range } from "../lib/site-time.ts";
import "./range-bar.css";

export type RangePick = QuickRange | "custom";

interface RangeBarProps {
  pick: RangePick;
  range: Range;
  timeZone: string;
  onPick: (pick: RangePick) => void;
  onCustom: (range: Range) => void;
  /** The quick ranges offered (the charts' four by default). */
  picks?: readonly QuickRange[];
  /** A page of whole local days: the custom range is picked as days, from the first's midnight to the last's end. */
  days?: boolean;
}

/** The wall-clock time picked (shown in the browser's zone) read as the site's wall clock. */
const inSite = (value: Dayjs, timeZone: string) => dayjs.tz(value.format("YYYY-MM-DDTHH:mm"), timeZone).toISOString();
/** An instant shown as the site's wall clock in the picker. */
const asWall = (iso: string, timeZone: string) => dayjs(dayjs(iso).tz(timeZone).format("YYYY-MM-DDTHH:mm"));
/** The day picked read as the site's local day: its midnight, or (end) the next midnight. */
const siteDayStart = (value: Dayjs, timeZone: string, end: boolean) => {
  const start = dayjs.tz(value.format("YYYY-MM-DD"), timeZone);
  return (end ? start.add(1, "day") : start).toISOString();
};
/** The last day of a range of days (its end is the next midnight, or now on today). */
const lastDay = (iso: string, timeZone: string) => asWall(new Date(Date.parse(iso) - 1).toISOString(), timeZone);

/** Quick ranges (today, 24 h, 7 and 30 days) and a custom one, in the site's time. */
export function RangeBar({ pick, range, timeZone, onPick, onCustom, picks = QUICK_RANGES, days }: RangeBarProps) {
  return (
    <Flex className="nadoy-range-bar" gap="small" wrap align="center" role="toolbar" aria-label="Период">
      <Segmented<RangePick>
        value={pick}
        onChange={onPick}
        options={[...picks, "custom" as const].map((value) => ({ value, label: QUICK_RANGE_LABELS[value] }))}
      />
      {pick === "custom" && days && (
        <DatePicker.RangePicker
          format="DD.MM.YYYY"
          allowClear={false}
          value={[asWall(range.from, timeZone), lastDay(range.to, timeZone)]}
          onChange={(values) => {
            const [from, to] = values ?? [];
            if (from && to && !to.isBefore(from, "day"))
              onCustom({ from: siteDayStart(from, timeZone, false), to: siteDayStart(to, timeZone, true) });
          }}
        />
      )}
      {pick === "custom" && !days && (
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
