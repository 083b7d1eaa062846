import { ROLE_IDS, ROLE_NAMES } from "@nadoy/contract/roles";
import { Flex, Input, Select } from "antd";
import { useEffect, useState } from "react";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "../../../shared/hooks/use-debounced-value.ts";
import type { ActiveFilter, UsersFilter } from "../lib/users-url.ts";

const ALL_ROLES = 0;

const roleOptions = [
  { value: ALL_ROLES, label: "Все роли" },
  ...ROLE_IDS.map((id) => ({ value: id as number, label: ROLE_NAMES[id] })),
];

const activeOptions: { value: ActiveFilter; label: string }[] = [
  { value: "all", label: "Все" },
  { value: "active", label: "Активные" },
  { value: "inactive", label: "Отключённые" },
];

interface UsersFiltersProps {
  filter: UsersFilter;
  /** A changed filter starts again from page 1. */
  onChange: (filter: UsersFilter) => void;
}

/** Search (sent once typing pauses), role and activity. */
export function UsersFilters({ filter, onChange }: UsersFiltersProps) {
  const [search, setSearch] = useState(filter.q);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (q !== filter.q) onChange({ ...filter, q, page: 1 });
  }, [q, filter, onChange]);

  return (
    <Flex gap="small" wrap>
      <Input.Search
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Логин, имя или email"
        aria-label="Поиск"
        style={{ width: 280 }}
      />
      <Select
        value={filter.role ?? ALL_ROLES}
        options={roleOptions}
        onChange={(role: number) => onChange({ ...filter, role: role === ALL_ROLES ? undefined : role, page: 1 })}
        aria-label="Роль"
        style={{ width: 220 }}
      />
      <Select
        value={filter.active}
        options={activeOptions}
        onChange={(active: ActiveFilter) => onChange({ ...filter, active, page: 1 })}
        aria-label="Активность"
        style={{ width: 160 }}
      />
    </Flex>
  );
}
