import { theme as antdTheme, ConfigProvider, DatePicker } from "antd";
import ruRU from "antd/es/locale/ru_RU";
import dayjs from "dayjs";
import "dayjs/locale/ru";
import { useTheme } from "../hooks/use-theme.ts";
import { DATE_INPUT_FORMATS, DATE_VALUE_FORMAT } from "./date-formats.ts";
import type { FieldProps } from "./types.ts";

// The public form page has no antd of its own: this module (the picker and its Russian locale) is
// loaded only when a visitor reaches for a date field (DateField).
dayjs.locale("ru");

/** The app's antd DatePicker for a form field: typed and shown as DD.MM.YYYY, valued YYYY-MM-DD. */
export default function FormDatePicker({
  id,
  value,
  onChange,
  placeholder,
  disabled,
  invalid,
  ariaLabel,
  autoFocus,
}: FieldProps<string> & { autoFocus?: boolean }) {
  const dark = useTheme() === "black";
  const date = value ? dayjs(value, DATE_VALUE_FORMAT, true) : null;
  return (
    <ConfigProvider locale={ruRU} theme={{ algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm }}>
      <DatePicker
        id={id}
        className="nf-date-picker"
        value={date?.isValid() ? date : null}
        format={DATE_INPUT_FORMATS}
        placeholder={placeholder}
        disabled={disabled}
        status={invalid ? "error" : undefined}
        aria-label={ariaLabel}
        // The read-only stand-in was clicked or focused: the picker carries on, its calendar open.
        autoFocus={autoFocus}
        defaultOpen={autoFocus}
        style={{ width: "100%" }}
        onChange={(picked) => onChange(picked ? picked.format(DATE_VALUE_FORMAT) : "")}
      />
    </ConfigProvider>
  );
}
