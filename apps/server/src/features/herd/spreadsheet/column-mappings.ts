import { ErrorCode } from "@nadoy/contract/errors";
import {
  guessHerdColumnMapping,
  HERD_SPREADSHEET_FIELDS,
  type HerdColumnMapping,
  type HerdSpreadsheetKind,
  missingRequiredFields,
} from "@nadoy/contract/herd-spreadsheet";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { herdColumnMappings } from "../../../db/schema/index.ts";
import { ApiError } from "../../../platform/errors.ts";
import type { ResolvedMapping } from "./read-spreadsheet.ts";

// ---- Column mappings: remembered per database and kind (by the last commit), guessed, or given ----

/**
 * The mapping for a file's columns: the one remembered for the database and kind where it names
 * the column (a remembered column the file lacks is ignored), the guess for the file's new columns
 * (never a field the remembered part already maps). "remembered" when any column was remembered.
 */
export function mappingFor(
  kind: HerdSpreadsheetKind,
  columns: readonly string[],
  remembered: HerdColumnMapping | undefined,
): ResolvedMapping {
  const guessed = guessHerdColumnMapping(kind, columns);
  if (!remembered) return { mapping: guessed, source: "guessed" };
  const known = new Set(HERD_SPREADSHEET_FIELDS[kind].map((f) => f.key));
  const mapping: HerdColumnMapping = {};
  const taken = new Set<string>();
  let fromMemory = 0;
  for (const column of columns) {
    if (!Object.hasOwn(remembered, column)) continue;
    fromMemory++;
    const field = remembered[column] ?? null;
    const usable = field !== null && known.has(field) && !taken.has(field);
    mapping[column] = usable ? field : null;
    if (usable) taken.add(field);
  }
  for (const column of columns) {
    if (Object.hasOwn(mapping, column)) continue;
    const field = guessed[column] ?? null;
    mapping[column] = field !== null && !taken.has(field) ? field : null;
    if (field !== null) taken.add(field);
  }
  return { mapping, source: fromMemory > 0 ? "remembered" : "guessed" };
}

export async function rememberedMapping(
  db: Db,
  databaseId: number,
  kind: HerdSpreadsheetKind,
): Promise<HerdColumnMapping | undefined> {
  const [row] = await db
    .select({ mapping: herdColumnMappings.mapping })
    .from(herdColumnMappings)
    .where(and(eq(herdColumnMappings.databaseId, databaseId), eq(herdColumnMappings.kind, kind)));
  return row?.mapping;
}

/** Saves the mapping a commit used as the one the next upload of the kind starts from. */
export async function rememberMapping(
  db: Db,
  databaseId: number,
  kind: HerdSpreadsheetKind,
  mapping: HerdColumnMapping,
  userId: number,
): Promise<void> {
  await db
    .insert(herdColumnMappings)
    .values({ databaseId, kind, mapping, userId })
    .onConflictDoUpdate({
      target: [herdColumnMappings.databaseId, herdColumnMappings.kind],
      set: { mapping: sql`excluded.mapping`, userId: sql`excluded.user_id`, updatedAt: sql`now()` },
    });
}

const bad = (message: string) => new ApiError(400, ErrorCode.validation, message);

/**
 * A mapping given for a file with these columns, checked: every key a column of the file, every
 * value a field of the kind (or null), no field twice. Columns left out are kept as attributes.
 */
export function checkedMapping(
  kind: HerdSpreadsheetKind,
  columns: readonly string[],
  given: HerdColumnMapping,
): HerdColumnMapping {
  const fields = new Map(HERD_SPREADSHEET_FIELDS[kind].map((f) => [f.key, f]));
  const inFile = new Set(columns);
  const byField = new Map<string, string>();
  for (const [column, field] of Object.entries(given)) {
    if (!inFile.has(column)) throw bad(`Столбца «${column}» нет в файле.`);
    if (field === null) continue;
    const spec = fields.get(field);
    if (!spec) throw bad(`Поля «${field}» нет среди полей этой таблицы.`);
    const other = byField.get(field);
    if (other !== undefined) throw bad(`Поле «${spec.label}» указано для двух столбцов: «${other}» и «${column}».`);
    byField.set(field, column);
  }
  return Object.fromEntries(columns.map((column) => [column, given[column] ?? null]));
}

/** The commit's refusal while required fields have no column. */
export function assertMappingComplete(kind: HerdSpreadsheetKind, mapping: HerdColumnMapping): void {
  const missing = missingRequiredFields(kind, mapping);
  if (missing.length > 0) throw bad(`Укажите столбцы для полей: ${missing.map((f) => f.label).join(", ")}.`);
}
