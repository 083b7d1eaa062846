import { Select } from "antd";
import { useState } from "react";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "../../../shared/hooks/use-debounced-value.ts";
import { useBusinessSearch } from "../api.ts";

type Company = { uuid: string; name: string };

interface CompanySelectProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The report's company now (offered even when not in the list). */
  current: Company | null;
}

/**
 * The company a report is tied to (empty: every company). Superusers and administrators search
 * every company (the business list is theirs: contract business.ts).
 */
export function CompanySelect({ id, value = null, onChange, current }: CompanySelectProps) {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useBusinessSearch(q);
  const listed: Company[] = found.data?.items ?? [];
  const byUuid = new Map([...(current ? [current] : []), ...listed].map((c) => [c.uuid, c.name]));
  const options = [...byUuid].map(([uuid, name]) => ({ value: uuid, label: name }));
  return (
    <Select
      id={id}
      aria-label="Компания"
      value={value ?? undefined}
      onChange={(next?: string) => onChange?.(next ?? null)}
      options={options}
      allowClear
      placeholder="Без компании — для всех, кому отчёт выдан"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? "Поиск…" : "Компаний не найдено"}
    />
  );
}
