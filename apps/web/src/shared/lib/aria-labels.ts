// The Russian for antd's English labels other than icons (see russian-aria.ts). Loaded the first
// time such a label shows up: the first page has none, so it does not pay for them.

const LABELS: Readonly<Record<string, string>> = {
  "Select all": "Выбрать все строки",
  Close: "Закрыть",
  "segmented control": "Переключатель",
  "Increase Value": "Увеличить",
  "Decrease Value": "Уменьшить",
  "expanded dropdown": "Ещё",
};

/** «Select row 3» → «Выбрать строку 3», «Close» → «Закрыть»; undefined for a label it does not know. */
export function russianLabel(label: string): string | undefined {
  const row = /^(?:Select row|Row) (\d+)( selected)?$/.exec(label);
  if (row) return row[2] ? `Строка ${row[1]} выбрана` : `Выбрать строку ${row[1]}`;
  return LABELS[label];
}
