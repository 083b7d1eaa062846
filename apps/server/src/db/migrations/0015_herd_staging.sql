CREATE TABLE "herd_upload_rows" (
	"database_id" integer NOT NULL,
	"upload_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"error" text,
	"barn_number" text,
	"ear_tag" text,
	"birth_date" date,
	"breed" text,
	"pen" text,
	"lact" integer,
	"rc" smallint,
	"dim" integer,
	"fresh_date" date,
	"dry_date" date,
	"exit_date" date,
	"conception_date" date,
	"sire" text,
	"dam" text,
	"event_code" text,
	"event_date" date,
	"event_dim" integer,
	"remark" text,
	"protocol" text,
	"technician" text,
	"test_date" date,
	"test_dim" integer,
	"milk_kg" numeric(6, 2),
	"fat_pct" numeric(5, 2),
	"protein_pct" numeric(5, 2),
	"scc" integer,
	"attributes" jsonb
);
--> statement-breakpoint
ALTER TABLE "herd_upload_rows" ADD CONSTRAINT "herd_upload_rows_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_upload_rows" ADD CONSTRAINT "herd_upload_rows_upload_fk" FOREIGN KEY ("database_id","upload_id") REFERENCES "public"."herd_uploads"("database_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "herd_upload_rows_upload_idx" ON "herd_upload_rows" USING btree ("database_id","upload_id","line");