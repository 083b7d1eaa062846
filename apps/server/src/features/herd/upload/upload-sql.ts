import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";

// ---- The SQL the preview and the commit share: staged lines → animals of the file → herd animals ----
//
// Identity (HERD.md): the ear tag when the line has one, else the barn number with the birth date.
// A line with neither is refused (a reused barn number must not merge onto another animal).

export interface UploadRef {
  databaseId: number;
  uploadId: number;
}

/** An identified line's `ident` (HERD.md identity). */
export const identOf = (r: string): SQL =>
  sql.raw(`coalesce('t' || ${r}.ear_tag, 'b' || ${r}.barn_number || '|' || ${r}.birth_date::text)`);

/** The upload's staged lines, refused ones included. */
export const stagedLines = (u: UploadRef): SQL =>
  sql`select * from herd_upload_rows where database_id = ${u.databaseId}::int and upload_id = ${u.uploadId}::bigint`;

/** A staged line that names an animal: not refused, with an ear tag or a birth date. */
export const identifiedWhere: SQL = sql.raw("error is null and (ear_tag is not null or birth_date is not null)");

/** Lines that name an animal, with its identity key `ident`. */
export const identifiedLines = (u: UploadRef): SQL => sql`
  select r.*, ${identOf("r")} as ident
  from (${stagedLines(u)}) r
  where ${identifiedWhere}`;

/** A refused line: the parser's message, or no identity. */
export const refusedWhere: SQL = sql`(error is not null or (ear_tag is null and birth_date is null))`;

export const NO_IDENTITY_TEXT = "нет ни бирки, ни даты рождения — номер мог принадлежать другому животному";

/** The Russian message of a refused line. */
export const refusedMessage: SQL = sql`coalesce(error, 'Строка ' || line || ': животное ' || barn_number || ' — ' || ${NO_IDENTITY_TEXT}::text || '.')`;

/**
 * An identified line `r` of an animal the herd does not have, when only the herd's animals are
 * kept (storeMatchedAnimals with herdAnimalsOnly): refused.
 */
export const unknownAnimalWhere = (u: UploadRef): SQL => sql`(${identifiedWhere} and not exists (
  select 1 from herd_upload_animals am
  where am.database_id = ${u.databaseId}::int and am.upload_id = ${u.uploadId}::bigint and am.ident = ${identOf("r")}))`;

/** The message of such a line: the animal as the file names it, and what to do. */
export const unknownAnimalMessage: SQL = sql`'Строка ' || line || ': животное ' || barn_number
  || coalesce(' (бирка ' || ear_tag || ')', ' (дата рождения ' || to_char(birth_date, 'DD.MM.YYYY') || ')')
  || ' не найдено в стаде: загрузите сначала животных (таблица «Животные» или файл DC305).'`;

/** A refused line `r` and its message; when only the herd's animals are kept, those of unknown animals too. */
function refusalOf(u: UploadRef, herdAnimalsOnly: boolean): { refused: SQL; message: SQL } {
  if (!herdAnimalsOnly) return { refused: refusedWhere, message: refusedMessage };
  return {
    refused: sql`(${refusedWhere} or ${unknownAnimalWhere(u)})`,
    message: sql`case when ${refusedWhere} then ${refusedMessage} else ${unknownAnimalMessage} end`,
  };
}

/**
 * The upload's refused lines (`line`, `message`) in line order, those after line `after` when
 * given: the parser's and those without identity, and — when only the herd's animals are kept — the
 * lines of animals the herd does not have (unknownAnimalWhere: while the upload is staged).
 */
export function refusedLines(u: UploadRef, herdAnimalsOnly: boolean, after?: number): SQL {
  const { refused, message } = refusalOf(u, herdAnimalsOnly);
  return sql`select line, ${message} as message from (${stagedLines(u)}) r
    where ${refused} ${after === undefined ? sql`` : sql`and line > ${after}::int`} order by line`;
}

/**
 * A committed upload keeps its refused lines for their download (refusedLines), each with its
 * message written out (a test-day table's unknown animals are known only while the upload's
 * animals are matched), and drops the rest.
 */
export function keepRefusedLines(u: UploadRef, herdAnimalsOnly: boolean): SQL[] {
  const upload = sql`database_id = ${u.databaseId}::int and upload_id = ${u.uploadId}::bigint`;
  const { refused, message } = refusalOf(u, herdAnimalsOnly);
  return [
    sql`update herd_upload_rows r set error = ${message} where ${upload} and error is null and ${refused}`,
    sql`delete from herd_upload_rows where ${upload} and error is null`,
  ];
}

/**
 * One row per animal of the file: the items of its newest line (events by date, then the last
 * line; DC305 repeats the animal's items on each line), with its highest lactation and latest dates.
 * One pass over the lines, hashed by animal: the newest line is the greatest of a number made of
 * its event's day (0 without an event, so any dated line wins) and its line number, and that line's
 * items are read back by the staging index (a sort of a million wide lines took seconds).
 */
const fileAnimals = (u: UploadRef): SQL => sql`
  select g.ident, l.ear_tag, l.barn_number, l.birth_date, l.breed, l.sire, l.dam, l.pen, l.rc, l.attributes,
    g.lact, g.fresh_date, g.dry_date, g.exit_date
  from (
    select ident, max(lact) as lact, max(fresh_date) as fresh_date, max(dry_date) as dry_date, max(exit_date) as exit_date,
      max(coalesce(event_date - date '4713-01-01 BC' + 1, 0)::bigint * 4294967296 + line) % 4294967296 as newest
    from (${identifiedLines(u)}) s
    group by ident
  ) g
  cross join lateral (
    select * from herd_upload_rows l
    where l.database_id = ${u.databaseId}::int and l.upload_id = ${u.uploadId}::bigint and l.line = g.newest::int
      and l.error is null and ${identOf("l")} = g.ident
    limit 1
  ) l`;

/**
 * The values an existing animal `a` takes from the file's `f`, in the order of ANIMAL_COLUMNS: the
 * file's value where it has one, never a lower lactation or an older fresh or dry date.
 */
export const mergedValues: SQL =
  sql.raw(`f.barn_number, coalesce(f.birth_date, a.birth_date), coalesce(a.ear_tag, f.ear_tag),
  coalesce(f.breed, a.breed), coalesce(f.sire, a.sire), coalesce(f.dam, a.dam), coalesce(f.pen, a.pen),
  coalesce(f.rc, a.rc), greatest(a.lact, f.lact), greatest(a.fresh_date, f.fresh_date),
  greatest(a.dry_date, f.dry_date), coalesce(f.exit_date, a.exit_date), a.attributes || coalesce(f.attributes, '{}')`);

export const ANIMAL_COLUMNS = sql.raw(
  "barn_number, birth_date, ear_tag, breed, sire, dam, pen, rc, lact, fresh_date, dry_date, exit_date, attributes",
);
const existingValues = sql.raw(
  "a.barn_number, a.birth_date, a.ear_tag, a.breed, a.sire, a.dam, a.pen, a.rc, a.lact, a.fresh_date, a.dry_date, a.exit_date, a.attributes",
);

/**
 * The file's animals with the herd animal each is (`animal_id`, null when new) and whether it
 * `changed`; all new, unprobed, when the caller knows the herd has no animals.
 */
export const matchedAnimals = (u: UploadRef, herdEmpty = false): SQL =>
  herdEmpty
    ? sql`select f.*, null::bigint as animal_id, false as changed from (${fileAnimals(u)}) f`
    : sql`
  select f.*, a.id as animal_id,
    (a.id is not null and (${mergedValues}) is distinct from (${existingValues})) as changed
  from (${fileAnimals(u)}) f
  left join lateral (
    -- Two probes, each by an index of its own (an OR of both left the planner one index on
    -- database_id alone: every animal of the herd read for every animal of the file).
    select * from (
      select a.*, true as by_tag from herd_animals a
      where f.ear_tag is not null and a.database_id = ${u.databaseId}::int and a.ear_tag = f.ear_tag
      union all
      -- Number and birth date where one side has no tag: an EVENTS or test-day file without EID
      -- finds the cow a LIST gave her tag to, and a LIST gives its tag to the cow EVENTS made.
      select a.*, false from herd_animals a
      where f.birth_date is not null and a.database_id = ${u.databaseId}::int
        and a.barn_number = f.barn_number and a.birth_date = f.birth_date
        and (a.ear_tag is null or f.ear_tag is null)
    ) a
    order by a.by_tag desc, a.ear_tag is null
    limit 1
  ) a on true`;

/** Identified lines with an event: all of them, an exact duplicate too. */
export const eventLines = (u: UploadRef): SQL => sql`
  select ident, event_date, event_code, remark, protocol, technician, coalesce(lact, 0) as lact, event_dim, line
  from (${identifiedLines(u)}) s
  where event_code is not null and event_date is not null`;

/**
 * A 64-bit hash of an identified line's event, by the key that tells events apart (the natural
 * index's). Lines whose hashes all differ repeat no event; equal hashes are counted exactly.
 */
export const eventKeyHash: SQL = sql.raw(
  "hash_record_extended(row(ident, event_date, event_code, remark, protocol, technician), 0)",
);

/** The file's distinct events (an exact duplicate line counts once, the first) with `ident`. */
export const fileEvents = (u: UploadRef): SQL => sql`
  select distinct on (ident, event_date, event_code, remark, protocol, technician) *
  from (${eventLines(u)}) s
  order by ident, event_date, event_code, remark, protocol, technician, line`;

/**
 * The file's test days, one per animal and day (the last line wins), with `ident`; `lact` null when
 * the line has none (a spreadsheet without «Лактация»: the commit takes the herd's).
 */
export const fileTestDays = (u: UploadRef): SQL => sql`
  select distinct on (ident, test_date)
    ident, test_date, lact, test_dim, milk_kg, fat_pct, protein_pct, scc
  from (${identifiedLines(u)}) s
  where test_date is not null
  order by ident, test_date, line desc`;

const deleteMatchedAnimals = (u: UploadRef): SQL =>
  sql`delete from herd_upload_animals where database_id = ${u.databaseId}::int and upload_id = ${u.uploadId}::bigint`;

const MATCHED_COLUMNS = sql.raw(
  "ident, ear_tag, barn_number, birth_date, breed, sire, dam, pen, rc, attributes, lact, fresh_date, dry_date, exit_date, animal_id, changed",
);

/**
 * matchedAnimals kept in herd_upload_animals (replacing what an earlier count kept): the count
 * reads them from there, and so does the commit while the herd is as they were matched against.
 * With `herdAnimalsOnly` (a test-day table) only the herd's animals are kept: the lines of any
 * other are refused (unknownAnimalWhere), so the commit never creates an animal from them.
 */
export const storeMatchedAnimals = (u: UploadRef, herdEmpty = false, herdAnimalsOnly = false): SQL[] => [
  deleteMatchedAnimals(u),
  sql`insert into herd_upload_animals (database_id, upload_id, ${MATCHED_COLUMNS})
      select ${u.databaseId}::int, ${u.uploadId}::bigint, ${MATCHED_COLUMNS} from (${matchedAnimals(u, herdEmpty)}) m
      ${herdAnimalsOnly ? sql`where m.animal_id is not null` : sql``}`,
  // Statistics of the rows just kept: the count joins the file's lines to them (upload-preview.ts).
  sql`analyze herd_upload_animals`,
];

/** The upload's animals as the last count matched them (storeMatchedAnimals). */
export const storedAnimals = (u: UploadRef): SQL =>
  sql`select ${MATCHED_COLUMNS} from herd_upload_animals
      where database_id = ${u.databaseId}::int and upload_id = ${u.uploadId}::bigint`;

/** Drops what storeMatchedAnimals kept (an upload given up after its preview). */
export async function dropMatchedAnimals(db: Db, u: UploadRef): Promise<void> {
  await db.execute(deleteMatchedAnimals(u));
}
