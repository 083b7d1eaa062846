import { HERD_ANIMAL_STATUS_LABELS, HERD_ANIMAL_STATUSES, type HerdAnimalsQuery } from "@nadoy/contract/herd";
import { Flex, Input, InputNumber, Select } from "antd";
import { useEffect, useRef, useState } from "react";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "../../../shared/hooks/use-debounced-value.ts";
import { withFilter } from "../lib/animals-url.ts";

type Typed = Pick<HerdAnimalsQuery, "lact" | "pen" | "dim_from" | "dim_to" | "q">;

const typedOf = (query: HerdAnimalsQuery): Typed => ({
  lact: query.lact,
  pen: query.pen,
  dim_from: query.dim_from,
  dim_to: query.dim_to,
  q: query.q,
});

const statusOptions = HERD_ANIMAL_STATUSES.map((status) => ({
  value: status,
  label: HERD_ANIMAL_STATUS_LABELS[status],
}));

const text = (value: string) => value.trim() || undefined;
const whole = (value: number | null) => (value === null ? undefined : Math.trunc(value));

interface AnimalFiltersProps {
  query: HerdAnimalsQuery;
  /** A changed filter starts again from page 1. */
  onChange: (query: HerdAnimalsQuery) => void;
}

/** Status (at once), then lactation, pen, DIM range and number/ear-tag search (once typing pauses). */
export function AnimalFilters({ query, onChange }: AnimalFiltersProps) {
  const [typed, setTyped] = useState<Typed>(() => typedOf(query));
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const sent = useRef(settled);

  // Only what the user typed is sent: a query changed from elsewhere (paging, a link) is left alone.
  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    onChange(withFilter(query, settled));
  }, [settled, query, onChange]);

  const set = (change: Typed) => setTyped((now) => ({ ...now, ...change }));

  return (
    <Flex gap="small" wrap>
      <Input.Search
        allowClear
        value={typed.q ?? ""}
        onChange={(event) => set({ q: text(event.target.value) })}
        placeholder="Номер или ушная бирка"
        aria-label="Поиск по номеру или бирке"
        style={{ width: 240 }}
      />
      <Select
        allowClear
        value={query.status}
        options={statusOptions}
        onChange={(status?: HerdAnimalsQuery["status"]) => onChange(withFilter(query, { status }))}
        placeholder="Все статусы"
        aria-label="Статус"
        style={{ width: 170 }}
      />
      <InputNumber
        min={0}
        max={30}
        value={typed.lact ?? null}
        onChange={(value) => set({ lact: whole(value) })}
        placeholder="Лактация"
        aria-label="Лактация"
        style={{ width: 110 }}
      />
      <Input
        allowClear
        value={typed.pen ?? ""}
        onChange={(event) => set({ pen: text(event.target.value) })}
        placeholder="Группа"
        aria-label="Группа"
        style={{ width: 110 }}
      />
      <InputNumber
        value={typed.dim_from ?? null}
        onChange={(value) => set({ dim_from: whole(value) })}
        placeholder="ДИМ от"
        aria-label="ДИМ от"
        style={{ width: 110 }}
      />
      <InputNumber
        value={typed.dim_to ?? null}
        onChange={(value) => set({ dim_to: whole(value) })}
        placeholder="ДИМ до"
        aria-label="ДИМ до"
        style={{ width: 110 }}
      />
    </Flex>
  );
}
