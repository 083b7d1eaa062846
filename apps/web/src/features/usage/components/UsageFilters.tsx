import { USAGE_MAX_DAYS } from "@nadoy/contract/usage";
import { DatePicker, Flex, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { isoDay } from "../../../shared/lib/iso-day.ts";
import { lastDays, moscowToday } from "../../../shared/lib/moscow-today.ts";
import { knownSections, sectionTitle } from "../lib/section-names.ts";
import { DEFAULT_DAYS, type UsageFilter } from "../lib/usage-url.ts";
import { UserSelect } from "./UserSelect.tsx";

function presets(today: Dayjs) {
  return [
    { label: "7 дней", value: lastDays(7, today) },
    { label: `${DEFAULT_DAYS} дней`, value: lastDays(DEFAULT_DAYS, today) },
    { label: "Этот месяц", value: [today.startOf("month"), today.startOf("day")] as [Dayjs, Dayjs] },
  ];
}

/** A period no longer than the server takes: days farther than USAGE_MAX_DAYS from the first pick are off. */
function tooFar(current: Dayjs, info: { from?: Dayjs }): boolean {
  return info.from !== undefined && Math.abs(current.diff(info.from, "day")) > USAGE_MAX_DAYS;
}

export function UsageFilters({
  filter,
  sections,
  onChange,
}: {
  filter: UsageFilter;
  /** Sections that have hits in the period, besides those of the route registry. */
  sections: readonly string[];
  onChange: (filter: UsageFilter) => void;
}) {
  const today = moscowToday();
  const sectionOptions = [
    ...new Set([...knownSections(), ...sections, ...(filter.section ? [filter.section] : [])]),
  ].map((section) => ({ value: section, label: sectionTitle(section) }));

  return (
    <Flex gap="small" wrap>
      <DatePicker.RangePicker
        value={[dayjs(filter.from), dayjs(filter.to)]}
        format="DD.MM.YYYY"
        allowClear={false}
        presets={presets(today)}
        disabledDate={tooFar}
        onChange={(range) => {
          if (range?.[0] && range[1]) onChange({ ...filter, from: isoDay(range[0]), to: isoDay(range[1]) });
        }}
        placeholder={["С", "По"]}
        aria-label="Период"
      />
      <UserSelect value={filter.userId} onChange={(userId) => onChange({ ...filter, userId })} />
      <Select
        allowClear
        showSearch={{ optionFilterProp: "label" }}
        value={filter.section}
        options={sectionOptions}
        onChange={(section?: string) => onChange({ ...filter, section })}
        placeholder="Все разделы"
        aria-label="Раздел"
        style={{ width: 240 }}
      />
    </Flex>
  );
}
