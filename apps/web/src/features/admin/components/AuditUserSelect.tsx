import { Select } from "antd";
import { useState } from "react";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "../../../shared/hooks/use-debounced-value.ts";
import { useUserSearch } from "../api.ts";

export interface PickedUser {
  value: number;
  label: string;
}

/**
 * Whose changes to show: users searched on the server (GET admin/users/?q=) once the list is
 * opened or typed into; the picked one keeps its name (labelInValue) after later searches.
 */
export function AuditUserSelect({
  value,
  onChange,
}: {
  value: PickedUser | undefined;
  onChange: (value: PickedUser | undefined) => void;
}) {
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useUserSearch(q, open || q !== "");
  const options = (found.data?.items ?? []).map((user) => ({
    value: user.id,
    label: user.name === user.username ? user.username : `${user.name} (${user.username})`,
  }));

  return (
    <Select<PickedUser>
      labelInValue
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={(picked) => onChange(picked ? { value: picked.value, label: String(picked.label) } : undefined)}
      onOpenChange={setOpen}
      options={options}
      loading={found.isFetching}
      placeholder="Все пользователи"
      notFoundContent={found.isFetching ? "Поиск…" : "Никого не найдено"}
      aria-label="Пользователь"
      style={{ width: 260 }}
    />
  );
}
