import {
  DTM_MAX_DAYS,
  type DtmTransfers,
  TRANSFER_KIND_LABELS,
  TRANSFER_KINDS,
  TRANSFER_RESULT_LABELS,
  TRANSFER_RESULTS,
  type TransferKind,
  type TransferResult,
} from "@nadoy/contract/dtm";
import { DatePicker, Flex, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { isoDay } from "../../../shared/lib/iso-day.ts";
import { lastDays, moscowToday } from "../../../shared/lib/moscow-today.ts";
import type { DtmFilter } from "../lib/dtm-filter.ts";

function presets(today: Dayjs) {
  return [
    { label: "Сегодня", value: lastDays(1, today) },
    { label: "7 дней", value: lastDays(7, today) },
    { label: "30 дней", value: lastDays(30, today) },
  ];
}

/** A period no longer than the server takes. */
function tooFar(current: Dayjs, info: { from?: Dayjs }): boolean {
  return info.from !== undefined && Math.abs(current.diff(info.from, "day")) > DTM_MAX_DAYS;
}

/** Period, kind, result and key of the transfers shown. */
export function TransfersFilters({
  filter,
  keys,
  onChange,
}: {
  filter: DtmFilter;
  keys: DtmTransfers["keys"];
  onChange: (filter: DtmFilter) => void;
}) {
  return (
    <Flex gap="small" wrap>
      <DatePicker.RangePicker
        value={[dayjs(filter.from), dayjs(filter.to)]}
        format="DD.MM.YYYY"
        allowClear={false}
        presets={presets(moscowToday())}
        disabledDate={tooFar}
        onChange={(range) => {
          if (range?.[0] && range[1]) onChange({ ...filter, from: isoDay(range[0]), to: isoDay(range[1]) });
        }}
        placeholder={["С", "По"]}
        aria-label="Период"
      />
      <Select
        allowClear
        value={filter.kind}
        options={TRANSFER_KINDS.map((value) => ({ value, label: TRANSFER_KIND_LABELS[value] }))}
        onChange={(kind?: TransferKind) => onChange({ ...filter, kind })}
        placeholder="Все виды"
        aria-label="Вид"
        style={{ width: 220 }}
      />
      <Select
        allowClear
        value={filter.result}
        options={TRANSFER_RESULTS.map((value) => ({ value, label: TRANSFER_RESULT_LABELS[value] }))}
        onChange={(result?: TransferResult) => onChange({ ...filter, result })}
        placeholder="Все результаты"
        aria-label="Результат"
        style={{ width: 180 }}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: "label" }}
        value={filter.key}
        options={keys.map((key) => ({ value: key.uuid, label: `${key.name} (${key.hint}…)` }))}
        onChange={(key?: string) => onChange({ ...filter, key })}
        placeholder="Все ключи"
        notFoundContent="Нет ключей с этим кодом"
        aria-label="Ключ"
        style={{ width: 240 }}
      />
    </Flex>
  );
}
