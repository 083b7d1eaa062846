import { Select } from "antd";
import { useState } from "react";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "../../../shared/hooks/use-debounced-value.ts";
import { useUserSearch } from "../api.ts";
import { type PickedUser, pickedOf } from "../lib/users.ts";

interface UserSearchSelectProps {
  id?: string;
  value?: PickedUser[];
  onChange?: (value: PickedUser[]) => void;
  /** Users not to offer (members already). */
  exclude?: readonly number[];
  placeholder?: string;
  "aria-label"?: string;
}

/**
 * Users searched on the server (GET admin/users/?q=) once the list is opened or typed into; the
 * picked ones keep their names (labelInValue) when a later search no longer lists them.
 */
export function UserSearchSelect({
  id,
  value,
  onChange,
  exclude = [],
  placeholder = "Начните вводить имя или логин",
  "aria-label": ariaLabel = "Пользователи",
}: UserSearchSelectProps) {
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useUserSearch(q, open || q !== "");
  const options = (found.data?.items ?? []).filter((user) => !exclude.includes(user.id)).map(pickedOf);

  return (
    <Select<PickedUser[]>
      id={id}
      mode="multiple"
      labelInValue
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={(picked) => onChange?.(picked.map((user) => ({ value: user.value, label: String(user.label) })))}
      onOpenChange={setOpen}
      options={options}
      loading={found.isFetching}
      placeholder={placeholder}
      notFoundContent={found.isFetching ? "Поиск…" : "Никого не найдено"}
      aria-label={ariaLabel}
    />
  );
}
