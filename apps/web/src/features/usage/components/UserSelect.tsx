import { Select } from "antd";
import { useState } from "react";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "../../../shared/hooks/use-debounced-value.ts";
import { useFilterUser, useUserSearch } from "../api.ts";

const labelOf = (user: { name: string; username: string }) =>
  user.name === user.username ? user.username : `${user.name} (${user.username})`;

/**
 * Whose visits to show: users searched on the server (GET admin/users/?q=) once the list is opened
 * or typed into. A user given by the URL alone is named from GET admin/users/:id/.
 */
export function UserSelect({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<{ value: number; label: string }>();
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useUserSearch(q, open || q !== "");
  const known = picked?.value === value ? picked : undefined;
  const fromUrl = useFilterUser(value !== undefined && known === undefined ? value : undefined);
  const current =
    value === undefined
      ? undefined
      : (known ?? { value, label: fromUrl.data ? labelOf(fromUrl.data) : `Пользователь №${value}` });
  const options = (found.data?.items ?? []).map((user) => ({ value: user.id, label: labelOf(user) }));

  return (
    <Select<{ value: number; label: string }>
      labelInValue
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={current}
      onChange={(next) => {
        const user = next ? { value: next.value, label: String(next.label) } : undefined;
        setPicked(user);
        onChange(user?.value);
      }}
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
