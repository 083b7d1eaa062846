import {
  HERD_ANIMAL_STATUSES,
  HERD_SPREADSHEET_KINDS,
  HERD_UPLOAD_FORMATS,
  HERD_UPLOAD_KINDS,
  HERD_UPLOAD_STATUSES,
  type HerdAnimalStatus,
  type HerdSpreadsheetKind,
  type HerdUploadCounts,
  type HerdUploadKind,
  type HerdUploadStatus,
} from "@nadoy/contract/herd";
import type { SegmentGroup } from "@nadoy/contract/herd-segment-rule";
import { type SQL, sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { userDatabases } from "./companies.ts";
import { apiKeys } from "./keys.ts";
import { users } from "./users.ts";

// Herd data (issue 17, HERD.md "Identity and data model") of user databases of kind "herd".
// Every table starts its primary key, foreign keys and indexes with database_id: each query of a
// page names one database, and docs/SCALING.md distributes these tables by database_id (Citus),
// which wants the distribution column in every unique constraint and in co-located foreign keys.

const inList = (column: string, values: readonly string[]): SQL =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

const databaseId = () =>
  integer("database_id")
    .notNull()
    .references(() => userDatabases.id, { onDelete: "cascade" });

/**
 * database_id of a table whose rows belong to an animal: no foreign key of its own to
 * user_databases. The composite key (database_id, animal_id) → herd_animals already proves the
 * database exists (herd_animals references it) and cascades its deletion; a second key would cost a
 * lookup per row of every import (docs/SCALING.md "Foreign keys").
 */
const animalDatabaseId = () => integer("database_id").notNull();

/**
 * An animal. Barn numbers are reused after a cow leaves, so the identity is the ear tag when the
 * file has one, else the barn number with the birth date (two partial unique indexes); an animal
 * with neither is not unique by any key here: the importer warns rather than merging it.
 */
export const herdAnimals = pgTable(
  "herd_animals",
  {
    databaseId: databaseId(),
    id: bigserial("id", { mode: "number" }).notNull(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    barnNumber: text("barn_number").notNull(),
    birthDate: date("birth_date"),
    earTag: text("ear_tag"),
    breed: text("breed"),
    sire: text("sire"),
    dam: text("dam"),
    pen: text("pen"),
    /** Current lactation; 0 for a heifer. */
    lact: integer("lact").notNull().default(0),
    /** DC305 reproductive code 0–7. */
    rc: smallint("rc"),
    status: text("status").$type<HerdAnimalStatus>().notNull(),
    freshDate: date("fresh_date"),
    dryDate: date("dry_date"),
    exitDate: date("exit_date"),
    exitReason: text("exit_reason"),
    /** The files' items that have no column of their own (name → last value). */
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.id] }),
    uniqueIndex("herd_animals_uuid_idx").on(t.databaseId, t.uuid),
    // Identity: the ear tag wherever there is one …
    uniqueIndex("herd_animals_ear_tag_idx").on(t.databaseId, t.earTag).where(sql`${t.earTag} is not null`),
    // … else the barn number with the birth date (the same number, born another day, is another cow).
    uniqueIndex("herd_animals_barn_birth_idx")
      .on(t.databaseId, t.barnNumber, t.birthDate)
      .where(sql`${t.earTag} is null and ${t.birthDate} is not null`),
    // The list's filters: q (exact barn number, ear-tag prefix in any case), status, lact, pen, DIM.
    index("herd_animals_barn_number_idx").on(t.databaseId, t.barnNumber),
    index("herd_animals_ear_tag_prefix_idx").on(t.databaseId, sql`lower(${t.earTag}) text_pattern_ops`),
    index("herd_animals_status_idx").on(t.databaseId, t.status),
    index("herd_animals_lact_idx").on(t.databaseId, t.lact),
    index("herd_animals_pen_idx").on(t.databaseId, t.pen),
    index("herd_animals_fresh_date_idx").on(t.databaseId, t.freshDate),
    // The flows of a period (born, left): report 1 reads the animals in the herd and those born or
    // gone since a day, by these and the status index, not by a scan of a ten-year history.
    index("herd_animals_birth_date_idx").on(t.databaseId, t.birthDate),
    index("herd_animals_exit_date_idx").on(t.databaseId, t.exitDate),
    check("herd_animals_status", inList("status", HERD_ANIMAL_STATUSES)),
    check("herd_animals_rc", sql`rc between 0 and 7`),
    check("herd_animals_lact", sql`lact >= 0`),
  ],
);

/** A lactation of an animal: from its fresh date (calving) to the next one or the exit. */
export const herdLactations = pgTable(
  "herd_lactations",
  {
    databaseId: animalDatabaseId(),
    animalId: bigint("animal_id", { mode: "number" }).notNull(),
    lact: integer("lact").notNull(),
    freshDate: date("fresh_date").notNull(),
    dryDate: date("dry_date"),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.animalId, t.lact] }),
    foreignKey({
      name: "herd_lactations_animal_fk",
      columns: [t.databaseId, t.animalId],
      foreignColumns: [herdAnimals.databaseId, herdAnimals.id],
    }).onDelete("cascade"),
    check("herd_lactations_lact", sql`lact >= 1`),
    // The calvings of a period (report 4's calving interval, report 6).
    index("herd_lactations_fresh_idx").on(t.databaseId, t.freshDate),
  ],
);

/** Every file upload: who, when, what, how long, the counts and the result (the data pages, analytics-db). */
export const herdUploads = pgTable(
  "herd_uploads",
  {
    databaseId: databaseId(),
    id: bigserial("id", { mode: "number" }).notNull(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The generated key it was sent with (contract keys.ts, scope herd_upload), null for a signed-in upload. */
    apiKeyId: integer("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    format: text("format").$type<(typeof HERD_UPLOAD_FORMATS)[number]>().notNull(),
    kind: text("kind").$type<HerdUploadKind>(),
    status: text("status").$type<HerdUploadStatus>().notNull().default("staged"),
    counts: jsonb("counts").$type<Partial<HerdUploadCounts>>().notNull().default({}),
    /** The first HERD_UPLOAD_ERRORS_MAX row errors; errors_count is whole. */
    errors: jsonb("errors").$type<{ line: number; message: string }[]>().notNull().default([]),
    errorsCount: integer("errors_count").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
    /** A spreadsheet's column → field mapping its rows were staged with (herd-spreadsheet.ts); null for DC305. */
    mapping: jsonb("mapping").$type<Record<string, string | null>>(),
    /**
     * The herd as the preview's counts saw it (upload/herd-basis.ts: commits and animals of the
     * database then); null when it changed while they were counted. While the herd is still so, the
     * commit takes the preview's counts rather than counting again.
     */
    previewBasis: text("preview_basis"),
    /**
     * Lines of the staged file whose event repeats an earlier line's (written once), as the preview
     * counted them; null when not counted. None: the commit writes the lines' events without
     * sorting them to drop repeats.
     */
    duplicateEventLines: integer("duplicate_event_lines"),
    /** The uploaded file under DATA_DIR (kept after the commit, to read it again); null when refused or cancelled. */
    fileKey: text("file_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp("committed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.id] }),
    uniqueIndex("herd_uploads_uuid_idx").on(t.databaseId, t.uuid),
    // The commit route names an upload by its uuid alone (contract), so it is found without the database.
    index("herd_uploads_uuid_lookup_idx").on(t.uuid),
    index("herd_uploads_created_idx").on(t.databaseId, t.createdAt),
    // «Мои загрузки» (the caller's uploads in the databases they may read) and the kept files (cloudstorage).
    index("herd_uploads_user_idx").on(t.databaseId, t.userId, t.createdAt),
    index("herd_uploads_files_idx").on(t.databaseId, t.createdAt).where(sql`${t.fileKey} is not null`),
    check("herd_uploads_format", inList("format", HERD_UPLOAD_FORMATS)),
    check("herd_uploads_kind", sql`kind is null or ${inList("kind", HERD_UPLOAD_KINDS)}`),
    check("herd_uploads_status", inList("status", HERD_UPLOAD_STATUSES)),
  ],
);

/**
 * The spreadsheet column mapping remembered per database and kind: the one the last commit of that
 * kind used, offered first to the next upload (contract herd-spreadsheet.ts).
 */
export const herdColumnMappings = pgTable(
  "herd_column_mappings",
  {
    databaseId: databaseId(),
    kind: text("kind").$type<HerdSpreadsheetKind>().notNull(),
    mapping: jsonb("mapping").$type<Record<string, string | null>>().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.kind] }),
    check("herd_column_mappings_kind", inList("kind", HERD_SPREADSHEET_KINDS)),
  ],
);

/**
 * An event of an animal. Re-importing a file adds nothing (the unique index over every column a
 * DC305 EVENTS line has), while the same event twice a day with other remarks stays two events.
 * Text columns are '' rather than null so that the unique index compares them.
 */
export const herdEvents = pgTable(
  "herd_events",
  {
    databaseId: animalDatabaseId(),
    id: bigserial("id", { mode: "number" }).notNull(),
    animalId: bigint("animal_id", { mode: "number" }).notNull(),
    eventDate: date("event_date").notNull(),
    /** Upper case, as DC305 writes it: the events page's filter compares it so, over its index. */
    code: text("code").notNull(),
    lact: integer("lact").notNull().default(0),
    dim: integer("dim"),
    remark: text("remark").notNull().default(""),
    protocol: text("protocol").notNull().default(""),
    technician: text("technician").notNull().default(""),
    /**
     * The upload that added the row (herd_uploads.id of the same database). No foreign key: only
     * that upload's commit writes it, and upload records are deleted only with their database,
     * whose deletion removes these rows too; a key would cost a lookup per imported row.
     */
    uploadId: bigint("upload_id", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.id] }),
    foreignKey({
      name: "herd_events_animal_fk",
      columns: [t.databaseId, t.animalId],
      foreignColumns: [herdAnimals.databaseId, herdAnimals.id],
    }).onDelete("cascade"),
    // Also the card's timeline: its first columns are (database, animal, date).
    uniqueIndex("herd_events_natural_idx").on(
      t.databaseId,
      t.animalId,
      t.eventDate,
      t.code,
      t.remark,
      t.protocol,
      t.technician,
    ),
    index("herd_events_code_date_idx").on(t.databaseId, t.code, t.eventDate),
    index("herd_events_date_idx").on(t.databaseId, t.eventDate),
  ],
);

/** A test day (milk recording) of an animal: one a day. */
export const herdTestDays = pgTable(
  "herd_test_days",
  {
    databaseId: animalDatabaseId(),
    animalId: bigint("animal_id", { mode: "number" }).notNull(),
    testDate: date("test_date").notNull(),
    lact: integer("lact").notNull().default(0),
    dim: integer("dim"),
    milkKg: numeric("milk_kg", { precision: 6, scale: 2 }),
    fatPct: numeric("fat_pct", { precision: 5, scale: 2 }),
    proteinPct: numeric("protein_pct", { precision: 5, scale: 2 }),
    /** Somatic cells, thousands per ml. */
    scc: integer("scc"),
    /** The upload that wrote the row; no foreign key, as herd_events.upload_id. */
    uploadId: bigint("upload_id", { mode: "number" }),
  },
  (t) => [
    // Also the card's curve: (database, animal, date).
    primaryKey({ columns: [t.databaseId, t.animalId, t.testDate] }),
    foreignKey({
      name: "herd_test_days_animal_fk",
      columns: [t.databaseId, t.animalId],
      foreignColumns: [herdAnimals.databaseId, herdAnimals.id],
    }).onDelete("cascade"),
    index("herd_test_days_date_idx").on(t.databaseId, t.testDate),
  ],
);

/** Pens (groups) of a herd: the files give numbers; a name is optional. */
export const herdPens = pgTable(
  "herd_pens",
  {
    databaseId: databaseId(),
    pen: text("pen").notNull(),
    name: text("name"),
  },
  (t) => [primaryKey({ columns: [t.databaseId, t.pen] })],
);

/**
 * A saved segment of a herd database: a rule over animal items (contract herd-segment-rule.ts),
 * its owner's, or shared with everyone who reads the database.
 */
export const herdSegments = pgTable(
  "herd_segments",
  {
    databaseId: databaseId(),
    id: bigserial("id", { mode: "number" }).notNull(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    name: text("name").notNull(),
    /** The normalised rule (normalizeSegmentRule); its text is written from it on each read. */
    rule: jsonb("rule").$type<SegmentGroup>().notNull(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    shared: boolean("shared").notNull().default(false),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.id] }),
    uniqueIndex("herd_segments_uuid_idx").on(t.databaseId, t.uuid),
    index("herd_segments_owner_idx").on(t.databaseId, t.ownerId),
  ],
);

/**
 * A herd database's settings (HERD.md: figures marked *setting*), one row per database; a database
 * without a row has the defaults. Later settings become columns here.
 */
export const herdSettings = pgTable(
  "herd_settings",
  {
    databaseId: databaseId().primaryKey(),
    /** Voluntary waiting period, days after calving before a cow is bred (report 4). */
    vwpDays: integer("vwp_days").notNull().default(50),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("herd_settings_vwp_days", sql`vwp_days between 20 and 150`)],
);
