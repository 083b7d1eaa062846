-- What 0017_herd_spreadsheet's snapshot holds but its SQL left out (herd_uploads.mapping, the
-- remembered mappings), written so that it also runs where 0017 is repaired to hold them itself.
ALTER TABLE "herd_uploads" ADD COLUMN IF NOT EXISTS "mapping" jsonb;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "herd_column_mappings" (
	"database_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "herd_column_mappings_database_id_kind_pk" PRIMARY KEY("database_id","kind"),
	CONSTRAINT "herd_column_mappings_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "herd_column_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "herd_column_mappings_kind" CHECK ("kind" in ('animals', 'events', 'test_days'))
);--> statement-breakpoint
CREATE UNLOGGED TABLE "herd_upload_animals" (
	"database_id" integer NOT NULL,
	"upload_id" bigint NOT NULL,
	"ident" text NOT NULL,
	"ear_tag" text,
	"barn_number" text,
	"birth_date" date,
	"breed" text,
	"sire" text,
	"dam" text,
	"pen" text,
	"rc" smallint,
	"attributes" jsonb,
	"lact" integer,
	"fresh_date" date,
	"dry_date" date,
	"exit_date" date,
	"animal_id" bigint,
	"changed" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "herd_events" DROP CONSTRAINT "herd_events_database_id_user_databases_id_fk";
--> statement-breakpoint
ALTER TABLE "herd_events" DROP CONSTRAINT "herd_events_upload_fk";
--> statement-breakpoint
ALTER TABLE "herd_lactations" DROP CONSTRAINT "herd_lactations_database_id_user_databases_id_fk";
--> statement-breakpoint
ALTER TABLE "herd_test_days" DROP CONSTRAINT "herd_test_days_database_id_user_databases_id_fk";
--> statement-breakpoint
ALTER TABLE "herd_test_days" DROP CONSTRAINT "herd_test_days_upload_fk";
--> statement-breakpoint
ALTER TABLE "herd_upload_rows" DROP CONSTRAINT "herd_upload_rows_database_id_user_databases_id_fk";
--> statement-breakpoint
ALTER TABLE "herd_upload_rows" DROP CONSTRAINT "herd_upload_rows_upload_fk";
--> statement-breakpoint
ALTER TABLE "herd_uploads" ADD COLUMN "preview_basis" text;--> statement-breakpoint
CREATE INDEX "herd_upload_animals_upload_idx" ON "herd_upload_animals" USING btree ("database_id","upload_id");--> statement-breakpoint
-- Staged lines live minutes and are the file's copy: no WAL for them (a crash of PostgreSQL empties
-- the table; the commit then asks for the file again, commit-upload.ts expectStagedRows).
ALTER TABLE "herd_upload_rows" SET UNLOGGED;--> statement-breakpoint
-- The staged lines and animals of deleted uploads (a deleted database's among them), deleted once
-- per statement: the cascade a foreign key gave, without its check on every staged line.
CREATE FUNCTION "herd_upload_rows_of_deleted_uploads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "herd_upload_rows" r USING "deleted_uploads" d
  WHERE r."database_id" = d."database_id" AND r."upload_id" = d."id";
  DELETE FROM "herd_upload_animals" r USING "deleted_uploads" d
  WHERE r."database_id" = d."database_id" AND r."upload_id" = d."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "herd_uploads_delete_staged_rows" AFTER DELETE ON "herd_uploads"
  REFERENCING OLD TABLE AS "deleted_uploads" FOR EACH STATEMENT
  EXECUTE FUNCTION "herd_upload_rows_of_deleted_uploads"();
