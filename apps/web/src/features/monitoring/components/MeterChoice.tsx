import { Flex, Select } from "antd";
import { type MeansMeter, meterChoices } from "../lib/meter-means.ts";

/** The meter an averages page shows: all inputs together or one meter. */
export function MeterChoice({
  meters,
  value,
  onChange,
}: {
  meters: readonly MeansMeter[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Flex gap={4} align="center">
      <label htmlFor="meter-choice">Счётчик</label>
      <Select
        id="meter-choice"
        style={{ minWidth: 220 }}
        value={value}
        onChange={onChange}
        options={meterChoices(meters)}
      />
    </Flex>
  );
}
