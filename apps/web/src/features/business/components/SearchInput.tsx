import { Input } from "antd";
import { useEffect, useState } from "react";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "../../../shared/hooks/use-debounced-value.ts";

interface SearchInputProps {
  /** The search in the URL. */
  value: string;
  /** Called once typing pauses, with the trimmed text. */
  onSearch: (q: string) => void;
  placeholder: string;
}

/** A search box whose text reaches the URL (and so the server) once typing pauses. */
export function SearchInput({ value, onSearch, placeholder }: SearchInputProps) {
  const [text, setText] = useState(value);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (q !== value) onSearch(q);
  }, [q, value, onSearch]);

  return (
    <Input.Search
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={placeholder}
      aria-label="Поиск"
      style={{ width: 300 }}
    />
  );
}
