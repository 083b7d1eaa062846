import { Select } from "antd";
import { useState } from "react";
import { useDebouncedValue } from "../../../shared/hooks/use-debounced-value.ts";
import { useRecipients } from "../api.ts";
import type { PickedUser } from "../send-form.ts";

/** How long typing must pause before the server is asked. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

interface UserPickerProps {
  id?: string;
  value?: PickedUser[];
  onChange?: (value: PickedUser[]) => void;
}

/**
 * Users to notify, searched on the server (GET manage/recipients/?q=, up to 20 matches). The
 * picked ones keep their names (labelInValue) when a later search no longer lists them.
 */
export function UserPicker({ id, value, onChange }: UserPickerProps) {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const recipients = useRecipients(q);
  const options = (recipients.data?.users ?? []).map((user) => ({
    value: user.id,
    label: user.name ? `${user.name} (${user.username})` : user.username,
  }));

  return (
    <Select<PickedUser[]>
      id={id}
      mode="multiple"
      labelInValue
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={(picked) => onChange?.(picked.map((user) => ({ value: user.value, label: String(user.label) })))}
      options={options}
      loading={recipients.isFetching}
      placeholder="Начните вводить имя или логин"
      notFoundContent={recipients.isFetching ? "Поиск…" : "Никого не найдено"}
      aria-label="Пользователи"
    />
  );
}
