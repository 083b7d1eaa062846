import type { Dc305Kind, Dc305MappedItem } from "./records.ts";

// ---- The header line → the file's kind and where each field sits (by name, never by position) ----

export type FieldKey =
  | "barn_number"
  | "ear_tag"
  | "birth_date"
  | "breed"
  | "pen"
  | "lact"
  | "rc"
  | "dim"
  | "fresh_date"
  | "dry_date"
  | "exit_date"
  | "conception_date"
  | "sire"
  | "dam"
  | "code"
  | "event_date"
  | "remark"
  | "protocol"
  | "technician"
  | "test_date"
  | "milk_kg"
  | "fat_pct"
  | "protein_pct"
  | "scc";

interface FieldSpec {
  key: FieldKey;
  /** Header names (upper case) that fill the field; when several are present the first listed wins. */
  items: readonly string[];
  label: string;
  /** Only an EVENTS file has these; in an items file such a column is kept as an attribute. */
  eventsOnly?: true;
}

/** DC305 items the portal understands. Names vary by herd, hence the aliases. */
const FIELDS: readonly FieldSpec[] = [
  { key: "barn_number", items: ["ID"], label: "Номер в стаде" },
  // Electronic and visual tags, then the registration number: any of them tells reused IDs apart.
  { key: "ear_tag", items: ["EID", "RFID", "ISO", "EARTAG", "ETAG", "REG"], label: "Ушная бирка" },
  { key: "birth_date", items: ["BDAT"], label: "Дата рождения" },
  { key: "breed", items: ["CBRD", "BREED"], label: "Порода" },
  { key: "pen", items: ["PEN"], label: "Группа" },
  { key: "lact", items: ["LACT"], label: "Лактация" },
  { key: "rc", items: ["RC"], label: "Репродуктивный статус" },
  { key: "dim", items: ["DIM"], label: "Дни в доении" },
  { key: "fresh_date", items: ["FDAT"], label: "Дата отёла" },
  { key: "dry_date", items: ["DDAT"], label: "Дата запуска" },
  { key: "exit_date", items: ["ARDAT"], label: "Дата выбытия" },
  { key: "conception_date", items: ["CDAT"], label: "Дата плодотворного осеменения" },
  { key: "sire", items: ["SID", "SIRE"], label: "Отец" },
  { key: "dam", items: ["DID", "DAM"], label: "Мать" },
  { key: "code", items: ["EVENT"], label: "Событие", eventsOnly: true },
  { key: "event_date", items: ["DATE"], label: "Дата события", eventsOnly: true },
  { key: "remark", items: ["REMARK"], label: "Примечание", eventsOnly: true },
  { key: "protocol", items: ["PROTOCOLS", "PROTOCOL"], label: "Протокол", eventsOnly: true },
  { key: "technician", items: ["TECHNICIAN", "TECH"], label: "Исполнитель", eventsOnly: true },
  { key: "test_date", items: ["TDAT"], label: "Дата контрольной дойки" },
  { key: "milk_kg", items: ["MILK"], label: "Удой, кг" },
  { key: "fat_pct", items: ["PCTF"], label: "Жир, %" },
  { key: "protein_pct", items: ["PCTP"], label: "Белок, %" },
  { key: "scc", items: ["SCC"], label: "Соматические клетки, тыс./мл" },
];

/** Column index of each field, -1 when the file has none. */
export type FieldColumns = Record<FieldKey, number>;

export interface HeaderPlan {
  kind: Dc305Kind;
  /** Header names as written (quotes and padding removed); the number of columns a line must have. */
  names: string[];
  columns: FieldColumns;
  mapped: Dc305MappedItem[];
  /** Columns kept as free attributes: index and name. */
  kept: { index: number; name: string }[];
}

const COMMANDS =
  "В DC305 выгрузите события командой EVENTS (например, «EVENTS ID BDAT LACT PEN») " +
  "или показатели животных командой LIST (например, «LIST ID BDAT LACT PEN FDAT DIM»).";

export const REFUSE_EGRAPH = `Это график EGRAPH: в файле итоги по месяцам, а не животные. ${COMMANDS}`;
export const REFUSE_WEEKLY = `Это таблица итогов по неделям (ECON или отчёт из таблицы): в ней числа за периоды, а не животные. ${COMMANDS}`;
export const REFUSE_NO_ID = `В заголовке нет столбца ID (номер животного): похоже, в файле итоги за периоды, а не животные. ${COMMANDS}`;
/** Where the herd's tables are uploaded: the menu item's path, as the side menu names it. */
const SHEET_UPLOAD_MENU = "меню «Импорт и экспорт → Загрузка данных»";
export const REFUSE_1C_BANK = `Это выписка банка в формате обмена 1С (1CClientBankExchange), а не выгрузка DC305: файлы 1С в данные стада не загружаются. Данные стада загружаются из DC305 или из таблицы Excel/CSV (${SHEET_UPLOAD_MENU}).`;
export const REFUSE_XML = `Это файл XML (например, обмен с 1С в формате CommerceML), а не выгрузка DC305: файлы 1С в данные стада не загружаются. Данные стада загружаются из DC305 (CSV) или из таблицы Excel/CSV (${SHEET_UPLOAD_MENU}).`;
export const REFUSE_XLSX = `Это книга Excel (XLSX), а не выгрузка DC305: загрузите её как таблицу (${SHEET_UPLOAD_MENU}).`;
export const REFUSE_EVENTS_NO_ID =
  "В файле событий нет столбца ID (номер животного): события не к кому отнести. Выгрузите их заново с ID, например «EVENTS ID BDAT LACT PEN».";
export const REFUSE_NO_DATE =
  "В файле событий есть столбец Event, но нет столбца Date: без дат события не загрузить. Выгрузите их заново командой EVENTS.";

/**
 * The plan for a header's names, or a Russian refusal. EVENTS: an `Event` column (with `Date`);
 * items: an `ID` and no `Event`; EGRAPH/ECON (first column `Dates` or `WeekDate`, a `68% CI`
 * column, or no ID) hold totals per period and are refused whole.
 */
export function planHeader(names: string[]): HeaderPlan | string {
  const upper = names.map((name) => name.toUpperCase());
  // Files of other programs sent here by mistake: say what they are rather than «no ID column».
  if (upper[0]?.startsWith("1CCLIENTBANKEXCHANGE")) return REFUSE_1C_BANK;
  if (upper[0]?.startsWith("<")) return REFUSE_XML;
  if (upper[0] === "DATES" || upper.includes("68% CI")) return REFUSE_EGRAPH;
  if (upper[0] === "WEEKDATE" || upper.includes("WEEKDATE")) return REFUSE_WEEKLY;
  const kind: Dc305Kind = upper.includes("EVENT") ? "events" : "items";
  if (!upper.includes("ID")) return kind === "events" ? REFUSE_EVENTS_NO_ID : REFUSE_NO_ID;
  if (kind === "events" && !upper.includes("DATE")) return REFUSE_NO_DATE;

  const columns = {} as FieldColumns;
  const taken = new Map<number, string>();
  for (const spec of FIELDS) {
    columns[spec.key] = -1;
    if (spec.eventsOnly && kind !== "events") continue;
    for (const item of spec.items) {
      const index = upper.indexOf(item);
      if (index >= 0 && !taken.has(index)) {
        columns[spec.key] = index;
        taken.set(index, spec.label);
        break;
      }
    }
  }
  const mapped: Dc305MappedItem[] = [];
  const kept: { index: number; name: string }[] = [];
  names.forEach((name, index) => {
    const label = taken.get(index);
    if (label !== undefined) mapped.push({ item: name, field: label });
    else if (name !== "") kept.push({ index, name });
  });
  return { kind, names, columns, mapped, kept };
}
