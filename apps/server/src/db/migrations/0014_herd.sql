CREATE TABLE "herd_animals" (
	"database_id" integer NOT NULL,
	"id" bigserial NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"barn_number" text NOT NULL,
	"birth_date" date,
	"ear_tag" text,
	"breed" text,
	"sire" text,
	"dam" text,
	"pen" text,
	"lact" integer DEFAULT 0 NOT NULL,
	"rc" smallint,
	"status" text NOT NULL,
	"fresh_date" date,
	"dry_date" date,
	"exit_date" date,
	"exit_reason" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "herd_animals_database_id_id_pk" PRIMARY KEY("database_id","id"),
	CONSTRAINT "herd_animals_status" CHECK (status in ('milking', 'dry', 'heifer', 'sold', 'died')),
	CONSTRAINT "herd_animals_rc" CHECK (rc between 0 and 7),
	CONSTRAINT "herd_animals_lact" CHECK (lact >= 0)
);
--> statement-breakpoint
CREATE TABLE "herd_events" (
	"database_id" integer NOT NULL,
	"id" bigserial NOT NULL,
	"animal_id" bigint NOT NULL,
	"event_date" date NOT NULL,
	"code" text NOT NULL,
	"lact" integer DEFAULT 0 NOT NULL,
	"dim" integer,
	"remark" text DEFAULT '' NOT NULL,
	"protocol" text DEFAULT '' NOT NULL,
	"technician" text DEFAULT '' NOT NULL,
	"upload_id" bigint,
	CONSTRAINT "herd_events_database_id_id_pk" PRIMARY KEY("database_id","id")
);
--> statement-breakpoint
CREATE TABLE "herd_lactations" (
	"database_id" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"lact" integer NOT NULL,
	"fresh_date" date NOT NULL,
	"dry_date" date,
	CONSTRAINT "herd_lactations_database_id_animal_id_lact_pk" PRIMARY KEY("database_id","animal_id","lact"),
	CONSTRAINT "herd_lactations_lact" CHECK (lact >= 1)
);
--> statement-breakpoint
CREATE TABLE "herd_pens" (
	"database_id" integer NOT NULL,
	"pen" text NOT NULL,
	"name" text,
	CONSTRAINT "herd_pens_database_id_pen_pk" PRIMARY KEY("database_id","pen")
);
--> statement-breakpoint
CREATE TABLE "herd_test_days" (
	"database_id" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"test_date" date NOT NULL,
	"lact" integer DEFAULT 0 NOT NULL,
	"dim" integer,
	"milk_kg" numeric(6, 2),
	"fat_pct" numeric(5, 2),
	"protein_pct" numeric(5, 2),
	"scc" integer,
	"upload_id" bigint,
	CONSTRAINT "herd_test_days_database_id_animal_id_test_date_pk" PRIMARY KEY("database_id","animal_id","test_date")
);
--> statement-breakpoint
CREATE TABLE "herd_uploads" (
	"database_id" integer NOT NULL,
	"id" bigserial NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer,
	"file_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"format" text NOT NULL,
	"kind" text,
	"status" text DEFAULT 'staged' NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors_count" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	CONSTRAINT "herd_uploads_database_id_id_pk" PRIMARY KEY("database_id","id"),
	CONSTRAINT "herd_uploads_format" CHECK (format in ('dc305', 'spreadsheet')),
	CONSTRAINT "herd_uploads_kind" CHECK (kind is null or kind in ('events', 'items', 'animals', 'test_days')),
	CONSTRAINT "herd_uploads_status" CHECK (status in ('staged', 'committed', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "herd_animals" ADD CONSTRAINT "herd_animals_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_events" ADD CONSTRAINT "herd_events_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_events" ADD CONSTRAINT "herd_events_animal_fk" FOREIGN KEY ("database_id","animal_id") REFERENCES "public"."herd_animals"("database_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_events" ADD CONSTRAINT "herd_events_upload_fk" FOREIGN KEY ("database_id","upload_id") REFERENCES "public"."herd_uploads"("database_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_lactations" ADD CONSTRAINT "herd_lactations_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_lactations" ADD CONSTRAINT "herd_lactations_animal_fk" FOREIGN KEY ("database_id","animal_id") REFERENCES "public"."herd_animals"("database_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_pens" ADD CONSTRAINT "herd_pens_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_test_days" ADD CONSTRAINT "herd_test_days_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_test_days" ADD CONSTRAINT "herd_test_days_animal_fk" FOREIGN KEY ("database_id","animal_id") REFERENCES "public"."herd_animals"("database_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_test_days" ADD CONSTRAINT "herd_test_days_upload_fk" FOREIGN KEY ("database_id","upload_id") REFERENCES "public"."herd_uploads"("database_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_uploads" ADD CONSTRAINT "herd_uploads_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_uploads" ADD CONSTRAINT "herd_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "herd_animals_uuid_idx" ON "herd_animals" USING btree ("database_id","uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "herd_animals_ear_tag_idx" ON "herd_animals" USING btree ("database_id","ear_tag") WHERE "herd_animals"."ear_tag" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "herd_animals_barn_birth_idx" ON "herd_animals" USING btree ("database_id","barn_number","birth_date") WHERE "herd_animals"."ear_tag" is null and "herd_animals"."birth_date" is not null;--> statement-breakpoint
CREATE INDEX "herd_animals_barn_number_idx" ON "herd_animals" USING btree ("database_id","barn_number");--> statement-breakpoint
CREATE INDEX "herd_animals_ear_tag_prefix_idx" ON "herd_animals" USING btree ("database_id",lower("ear_tag") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "herd_animals_status_idx" ON "herd_animals" USING btree ("database_id","status");--> statement-breakpoint
CREATE INDEX "herd_animals_lact_idx" ON "herd_animals" USING btree ("database_id","lact");--> statement-breakpoint
CREATE INDEX "herd_animals_pen_idx" ON "herd_animals" USING btree ("database_id","pen");--> statement-breakpoint
CREATE INDEX "herd_animals_fresh_date_idx" ON "herd_animals" USING btree ("database_id","fresh_date");--> statement-breakpoint
CREATE UNIQUE INDEX "herd_events_natural_idx" ON "herd_events" USING btree ("database_id","animal_id","event_date","code","remark","protocol","technician");--> statement-breakpoint
CREATE INDEX "herd_events_code_date_idx" ON "herd_events" USING btree ("database_id","code","event_date");--> statement-breakpoint
CREATE INDEX "herd_events_date_idx" ON "herd_events" USING btree ("database_id","event_date");--> statement-breakpoint
CREATE INDEX "herd_test_days_date_idx" ON "herd_test_days" USING btree ("database_id","test_date");--> statement-breakpoint
CREATE UNIQUE INDEX "herd_uploads_uuid_idx" ON "herd_uploads" USING btree ("database_id","uuid");--> statement-breakpoint
CREATE INDEX "herd_uploads_uuid_lookup_idx" ON "herd_uploads" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "herd_uploads_created_idx" ON "herd_uploads" USING btree ("database_id","created_at");