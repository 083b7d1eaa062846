import { z } from "zod";
import {
  herdUploadCreatedSchema,
  herdUploadErrorSchema,
  herdUploadFormatSchema,
  herdUploadRecordSchema,
} from "./herd.ts";
import { defineRoute } from "./http.ts";

// ---- Spreadsheet import (issue 17 item 3): animals, events or test days from CSV or XLSX ----
//
// The same pipeline as a DC305 file: POST /api/herd/{db}/uploads/?format=spreadsheet&kind=… stages
// the file and answers a preview; nothing is written to herd data until the commit. Each column of
// the file's first row is mapped to a field of the kind (or kept as a free attribute): the mapping
// given for the upload, else the one remembered for the database and kind (saved by the last
// commit), else guessed from the column names (labels and aliases below). The user may change it on
// the preview (remapHerdUpload): the kept file is read again with the new mapping.
// A CSV is UTF-8 (with or without BOM) or Windows-1251, separated by ";", "," or tabs (found from
// the first row); an XLSX is read from its first sheet. Dates: DD.MM.YYYY, YYYY-MM-DD or a real
// Excel date; decimals with a comma or a dot.

export { HERD_SPREADSHEET_KINDS, type HerdSpreadsheetKind, herdSpreadsheetKindSchema } from "./herd.ts";

import { type HerdSpreadsheetKind, herdSpreadsheetKindSchema } from "./herd.ts";
export const HERD_SPREADSHEET_KIND_LABELS: Record<HerdSpreadsheetKind, string> = {
  animals: "Животные",
  events: "События",
  test_days: "Контрольные дойки",
};

export type HerdFieldType = "text" | "date" | "integer" | "decimal";
export const HERD_FIELD_TYPE_LABELS: Record<HerdFieldType, string> = {
  text: "текст",
  date: "дата (ДД.ММ.ГГГГ)",
  integer: "целое число",
  decimal: "число (запятая или точка)",
};

export interface HerdSpreadsheetField {
  /** The field's key: the mapping's value, and the staged row's item. */
  key: string;
  /** The template's column name (Russian). */
  label: string;
  type: HerdFieldType;
  required: boolean;
  /** What the template's explanation sheet says of it. */
  hint: string;
  /** The template's example row. */
  example: string;
  /** Other column names that mean this field (lower case), for the guess. */
  aliases: readonly string[];
  /** A number's plausible values (inclusive): a row with a value outside is refused. */
  range?: { min: number; max: number };
}

const barnNumber: HerdSpreadsheetField = {
  key: "barn_number",
  label: "Номер животного",
  type: "text",
  required: true,
  hint: "Инвентарный (дворовый) номер. Номера освобождаются после выбытия, поэтому вместе с ним укажите дату рождения или бирку.",
  example: "1234",
  aliases: ["номер", "инв. номер", "инвентарный номер", "id", "cow", "barn number", "№", "кличка/номер"],
};
const earTag: HerdSpreadsheetField = {
  key: "ear_tag",
  label: "Бирка",
  type: "text",
  required: false,
  hint: "Ушная бирка (идентификационный номер). Если указана, животное узнаётся по ней.",
  example: "RU123456789",
  aliases: ["бирка", "идентификационный номер", "ушная бирка", "eid", "ear tag", "rfid"],
};
const birthDate: HerdSpreadsheetField = {
  key: "birth_date",
  label: "Дата рождения",
  type: "date",
  required: false,
  hint: "Вместе с номером отличает животное от прежних с тем же номером.",
  example: "15.03.2021",
  aliases: ["дата рождения", "др", "bdat", "birth date", "birthdate"],
};
const lact: HerdSpreadsheetField = {
  key: "lact",
  label: "Лактация",
  type: "integer",
  required: false,
  hint: "Номер текущей лактации; 0 — тёлка.",
  example: "2",
  aliases: ["лактация", "номер лактации", "lact", "lactation"],
};

/** The fields of each kind, in the template's column order. */
export const HERD_SPREADSHEET_FIELDS: Record<HerdSpreadsheetKind, readonly HerdSpreadsheetField[]> = {
  animals: [
    barnNumber,
    earTag,
    birthDate,
    {
      key: "breed",
      label: "Порода",
      type: "text",
      required: false,
      hint: "Как в вашей программе учёта.",
      example: "Голштинская",
      // DC305's CBRD is the breed (HERD.md), not an ear tag.
      aliases: ["порода", "breed", "cbrd"],
    },
    {
      key: "pen",
      label: "Группа",
      type: "text",
      required: false,
      hint: "Группа (секция, двор), где животное сейчас.",
      example: "5",
      aliases: ["группа", "секция", "pen", "string"],
    },
    lact,
    {
      key: "fresh_date",
      label: "Дата отёла",
      type: "date",
      required: false,
      hint: "Последний отёл: от него считаются дни лактации.",
      example: "02.09.2026",
      aliases: ["дата отела", "отел", "fdat", "fresh date"],
    },
    {
      key: "dry_date",
      label: "Дата запуска",
      type: "date",
      required: false,
      hint: "Запуск в текущей лактации; пусто, если корова доится.",
      example: "",
      aliases: ["дата запуска", "запуск", "ddat", "dry date"],
    },
    {
      key: "conception_date",
      label: "Дата плодотворного осеменения",
      type: "date",
      required: false,
      hint: "Если корова стельная.",
      example: "20.11.2026",
      aliases: ["дата плодотворного осеменения", "плодотворное осеменение", "cdat", "conception date"],
    },
    {
      key: "exit_date",
      label: "Дата выбытия",
      type: "date",
      required: false,
      hint: "Если животное продано или пало; пусто, если оно в стаде.",
      example: "",
      aliases: ["дата выбытия", "выбытие", "ardat", "exit date"],
    },
    {
      key: "sire",
      label: "Отец",
      type: "text",
      required: false,
      hint: "Кличка или номер быка-отца.",
      example: "Бонд 1234",
      aliases: ["отец", "бык", "sire"],
    },
    {
      key: "dam",
      label: "Мать",
      type: "text",
      required: false,
      hint: "Номер матери.",
      example: "987",
      aliases: ["мать", "dam"],
    },
  ],
  events: [
    barnNumber,
    earTag,
    birthDate,
    {
      key: "event_code",
      label: "Событие",
      type: "text",
      required: true,
      hint: "Код DC305 (FRESH, BRED, PREG…) или русское название («Отёл», «Осеменение»…). Неизвестные коды сохраняются как есть.",
      example: "BRED",
      aliases: ["событие", "код события", "event", "code"],
    },
    {
      key: "event_date",
      label: "Дата события",
      type: "date",
      required: true,
      hint: "День, когда событие произошло.",
      example: "14.11.2026",
      aliases: ["дата события", "дата", "date"],
    },
    lact,
    {
      key: "remark",
      label: "Примечание",
      type: "text",
      required: false,
      hint: "Например, бык для осеменения или диагноз.",
      example: "Бонд 1234",
      aliases: ["примечание", "комментарий", "remark"],
    },
    {
      key: "protocol",
      label: "Протокол",
      type: "text",
      required: false,
      hint: "Протокол лечения или синхронизации.",
      example: "",
      aliases: ["протокол", "protocol", "protocols"],
    },
    {
      key: "technician",
      label: "Исполнитель",
      type: "text",
      required: false,
      hint: "Техник, ветврач или оператор.",
      example: "Иванов",
      aliases: ["исполнитель", "техник", "technician", "tech"],
    },
  ],
  test_days: [
    barnNumber,
    earTag,
    birthDate,
    {
      key: "test_date",
      label: "Дата контрольной дойки",
      type: "date",
      required: true,
      hint: "День контрольной дойки.",
      example: "10.11.2026",
      aliases: ["дата контрольной дойки", "дата", "контрольная дойка", "tdat", "test date"],
    },
    lact,
    {
      key: "milk_kg",
      label: "Удой, кг",
      type: "decimal",
      required: false,
      hint: "Суточный удой в день контрольной дойки, кг.",
      example: "38,5",
      aliases: ["удой", "удой кг", "надой", "milk"],
      range: { min: 0, max: 120 },
    },
    {
      key: "fat_pct",
      label: "Жир, %",
      type: "decimal",
      required: false,
      hint: "Массовая доля жира, %.",
      example: "3,85",
      aliases: ["жир", "жир %", "мдж", "pctf", "fat"],
      range: { min: 1, max: 9 },
    },
    {
      key: "protein_pct",
      label: "Белок, %",
      type: "decimal",
      required: false,
      hint: "Массовая доля белка, %.",
      example: "3,21",
      aliases: ["белок", "белок %", "мдб", "pctp", "protein"],
      range: { min: 1, max: 7 },
    },
    {
      key: "scc",
      label: "СКС, тыс./мл",
      type: "decimal",
      required: false,
      hint: "Соматические клетки, тысяч в 1 мл.",
      example: "180",
      aliases: ["скс", "соматические клетки", "scc"],
      range: { min: 0, max: 99_999 },
    },
  ],
};

/** A column name as compared by the guess: lower case, ё as е, punctuation and runs of spaces as one space. */
export function normalizeColumnName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^\p{L}\p{N}%№]+/gu, " ")
    .trim();
}

/**
 * The mapping guessed from a file's first row: a column whose name is a field's label or alias
 * maps to it (the first such column only); every other column is kept (null).
 */
export function guessHerdColumnMapping(kind: HerdSpreadsheetKind, columns: readonly string[]): HerdColumnMapping {
  const byName = new Map<string, string>();
  for (const field of HERD_SPREADSHEET_FIELDS[kind]) {
    for (const name of [field.label, field.key, ...field.aliases]) {
      const key = normalizeColumnName(name);
      if (!byName.has(key)) byName.set(key, field.key);
    }
  }
  const taken = new Set<string>();
  const mapping: HerdColumnMapping = {};
  for (const column of columns) {
    const field = byName.get(normalizeColumnName(column));
    if (field && !taken.has(field)) {
      taken.add(field);
      mapping[column] = field;
    } else mapping[column] = null;
  }
  return mapping;
}

/** Required fields of the kind that no column maps to. */
export function missingRequiredFields(kind: HerdSpreadsheetKind, mapping: HerdColumnMapping): HerdSpreadsheetField[] {
  const mapped = new Set(Object.values(mapping));
  return HERD_SPREADSHEET_FIELDS[kind].filter((f) => f.required && !mapped.has(f.key));
}

export const HERD_SPREADSHEET_COLUMNS_MAX = 200;

/** A file's column (as its first row names it) → a field key of the kind, or null to keep it as an attribute. */
export const herdColumnMappingSchema = z
  .record(z.string().min(1).max(200), z.string().max(40).nullable())
  .refine((m) => Object.keys(m).length <= HERD_SPREADSHEET_COLUMNS_MAX, {
    message: `Не больше ${HERD_SPREADSHEET_COLUMNS_MAX} столбцов`,
  });
export type HerdColumnMapping = z.infer<typeof herdColumnMappingSchema>;

/**
 * Read a staged spreadsheet upload's kept file again with another mapping: the staged rows and the
 * preview are replaced (same upload uuid). 400 for a DC305 upload, 409 once committed (or its file
 * deleted), 404 as the commit.
 */
export const remapHerdUpload = defineRoute({
  method: "POST",
  path: "/api/herd/uploads/:upload_uuid/mapping/",
  auth: "user",
  params: z.object({ upload_uuid: z.uuid() }),
  body: z.strictObject({ mapping: herdColumnMappingSchema }),
  response: herdUploadCreatedSchema,
  summary: "Сопоставить столбцы таблицы заново и проверить снова",
});

/** An XLSX template of the kind: the columns with an example row, and a second sheet «Пояснения». */
export const downloadHerdTemplate = defineRoute({
  method: "GET",
  path: "/api/herd/templates/:kind/",
  auth: "user",
  params: z.object({ kind: herdSpreadsheetKindSchema }),
  response: z.unknown(),
  summary: "Шаблон XLSX для загрузки данных стада",
});

/** The caller's own uploads to herd databases they may still read, newest first (at most 100). */
/** How many of an upload's row errors «Мои загрузки» shows when its row is opened. */
export const HERD_MY_UPLOAD_ERRORS_SHOWN = 20;

/** One of the caller's uploads, with its first row errors (line and reason). */
export const herdMyUploadSchema = herdUploadRecordSchema.extend({ errors: z.array(herdUploadErrorSchema) });
export type HerdMyUpload = z.infer<typeof herdMyUploadSchema>;

export const listMyHerdUploads = defineRoute({
  method: "GET",
  path: "/api/herd/uploads/mine/",
  auth: "user",
  query: z.strictObject({ format: herdUploadFormatSchema.optional() }),
  response: z.array(herdMyUploadSchema),
  summary: "Мои загрузки данных стада",
});
