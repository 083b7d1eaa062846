import { Flex, Select, Switch } from "antd";
import { useCallback, useState } from "react";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "../../../shared/hooks/use-debounced-value.ts";
import { useCompanySearch } from "../api.ts";
import type { BusinessUsersFilter } from "../lib/list-url.ts";
import { SearchInput } from "./SearchInput.tsx";

interface BusinessUsersFiltersProps {
  filter: BusinessUsersFilter;
  /** Names of companies known from the rows, for the picked company's label. */
  knownCompanies: ReadonlyMap<string, string>;
  /** A changed filter starts again from page 1. */
  onChange: (filter: BusinessUsersFilter) => void;
}

/** Search (sent once typing pauses), a company (searched on the server) and «только клиенты». */
export function BusinessUsersFilters({ filter, knownCompanies, onChange }: BusinessUsersFiltersProps) {
  const [companySearch, setCompanySearch] = useState("");
  const q = useDebouncedValue(companySearch.trim(), SEARCH_DEBOUNCE_MS);
  const companies = useCompanySearch(q);
  // The companies found, and the picked one (named from the rows when the search does not list it).
  const options = (companies.data?.items ?? []).map((company) => ({ value: company.uuid, label: company.name }));
  if (filter.company && !options.some((option) => option.value === filter.company)) {
    options.push({ value: filter.company, label: knownCompanies.get(filter.company) ?? "Выбранная компания" });
  }
  const onSearch = useCallback((text: string) => onChange({ ...filter, q: text, page: 1 }), [filter, onChange]);

  return (
    <Flex gap="middle" wrap align="center">
      <SearchInput value={filter.q} onSearch={onSearch} placeholder="Логин, имя или email" />
      <Select
        allowClear
        showSearch={{ filterOption: false, onSearch: setCompanySearch }}
        value={filter.company}
        options={options}
        onChange={(company: string | undefined) => onChange({ ...filter, company, page: 1 })}
        loading={companies.isFetching}
        placeholder="Все компании"
        notFoundContent={companies.isFetching ? "Поиск…" : "Ничего не найдено"}
        aria-label="Компания"
        style={{ width: 260 }}
      />
      <Flex gap="small" align="center">
        <Switch
          checked={filter.clientsOnly}
          onChange={(clientsOnly) => onChange({ ...filter, clientsOnly, page: 1 })}
          aria-label="Только клиенты"
        />
        <span>Только клиенты</span>
      </Flex>
    </Flex>
  );
}
