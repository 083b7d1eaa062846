import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, smallint, text } from "drizzle-orm/pg-core";

/**
 * One line of an uploaded file, staged between the upload (preview) and its commit: the parser's
 * values in typed columns, so that the preview and the merge are set-based SQL over this table.
 * A refused line keeps only its `error`. Rows are deleted once the upload is cancelled, and once it
 * is committed but the refused lines, kept (with their messages) for their download.
 * Keys lead with database_id like every herd table (docs/SCALING.md).
 */
export const herdUploadRows = pgTable(
  "herd_upload_rows",
  {
    // No foreign keys: a key's check costs a lookup per staged line (10 s of a million-line COPY).
    // The rows of an upload go with it all the same: a trigger of herd_uploads deletes them once per
    // DELETE statement, a database's deletion included (migration 0018_herd_import_speed).
    databaseId: integer("database_id").notNull(),
    uploadId: bigint("upload_id", { mode: "number" }).notNull(),
    line: integer("line").notNull(),
    /** The parser's Russian message for a refused line; the other columns are null then. */
    error: text("error"),
    barnNumber: text("barn_number"),
    earTag: text("ear_tag"),
    birthDate: date("birth_date"),
    breed: text("breed"),
    pen: text("pen"),
    lact: integer("lact"),
    rc: smallint("rc"),
    dim: integer("dim"),
    freshDate: date("fresh_date"),
    dryDate: date("dry_date"),
    exitDate: date("exit_date"),
    conceptionDate: date("conception_date"),
    sire: text("sire"),
    dam: text("dam"),
    eventCode: text("event_code"),
    eventDate: date("event_date"),
    eventDim: integer("event_dim"),
    remark: text("remark"),
    protocol: text("protocol"),
    technician: text("technician"),
    testDate: date("test_date"),
    testDim: integer("test_dim"),
    milkKg: numeric("milk_kg", { precision: 6, scale: 2 }),
    fatPct: numeric("fat_pct", { precision: 5, scale: 2 }),
    proteinPct: numeric("protein_pct", { precision: 5, scale: 2 }),
    scc: integer("scc"),
    attributes: jsonb("attributes").$type<Record<string, string>>(),
  },
  (t) => [
    // Not unique: a staging table takes COPY's rows as they come; the parser gives each line once.
    index("herd_upload_rows_upload_idx").on(t.databaseId, t.uploadId, t.line),
  ],
);

/** Columns of herd_upload_rows in the order the staging writers send them. */
export const STAGED_COLUMNS = [
  "database_id",
  "upload_id",
  "line",
  "error",
  "barn_number",
  "ear_tag",
  "birth_date",
  "breed",
  "pen",
  "lact",
  "rc",
  "dim",
  "fresh_date",
  "dry_date",
  "exit_date",
  "conception_date",
  "sire",
  "dam",
  "event_code",
  "event_date",
  "event_dim",
  "remark",
  "protocol",
  "technician",
  "test_date",
  "test_dim",
  "milk_kg",
  "fat_pct",
  "protein_pct",
  "scc",
  "attributes",
] as const;

export const stagedColumnList = sql.raw(STAGED_COLUMNS.join(", "));

/**
 * The animals of a staged upload as its preview matched them to the herd (upload-sql.ts
 * matchedAnimals): one row per identity of the file, its merged items, the herd animal it is
 * (`animal_id`, null when new) and whether the file `changed` her. Written by every count of the
 * upload, read by its commit instead of matching a million lines again; deleted with the lines.
 */
export const herdUploadAnimals = pgTable(
  "herd_upload_animals",
  {
    databaseId: integer("database_id").notNull(),
    uploadId: bigint("upload_id", { mode: "number" }).notNull(),
    ident: text("ident").notNull(),
    earTag: text("ear_tag"),
    barnNumber: text("barn_number"),
    birthDate: date("birth_date"),
    breed: text("breed"),
    sire: text("sire"),
    dam: text("dam"),
    pen: text("pen"),
    rc: smallint("rc"),
    attributes: jsonb("attributes").$type<Record<string, string>>(),
    lact: integer("lact"),
    freshDate: date("fresh_date"),
    dryDate: date("dry_date"),
    exitDate: date("exit_date"),
    animalId: bigint("animal_id", { mode: "number" }),
    changed: boolean("changed").notNull(),
  },
  (t) => [index("herd_upload_animals_upload_idx").on(t.databaseId, t.uploadId)],
);
