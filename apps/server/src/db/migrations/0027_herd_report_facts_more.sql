CREATE TABLE "herd_calvings" (
	"database_id" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"lact" integer NOT NULL,
	"fresh_date" date NOT NULL,
	"prev_fresh" date,
	"known" boolean NOT NULL,
	"live" boolean NOT NULL,
	"still" boolean NOT NULL,
	"female" boolean NOT NULL,
	"male" boolean NOT NULL,
	"twins" boolean NOT NULL,
	CONSTRAINT "herd_calvings_database_id_animal_id_lact_pk" PRIMARY KEY("database_id","animal_id","lact")
);
--> statement-breakpoint
CREATE TABLE "herd_dry_periods" (
	"database_id" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"lact" integer NOT NULL,
	"fresh_date" date NOT NULL,
	"len" integer NOT NULL,
	"sick" boolean NOT NULL,
	"first_milk" double precision,
	CONSTRAINT "herd_dry_periods_database_id_animal_id_lact_pk" PRIMARY KEY("database_id","animal_id","lact")
);
--> statement-breakpoint
CREATE TABLE "herd_fresh_health" (
	"database_id" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"lact" integer NOT NULL,
	"fresh_date" date NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "herd_fresh_health_database_id_animal_id_lact_code_pk" PRIMARY KEY("database_id","animal_id","lact","code")
);
--> statement-breakpoint
ALTER TABLE "herd_animal_facts" ADD COLUMN "open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "herd_calvings_fresh_idx" ON "herd_calvings" USING btree ("database_id","fresh_date");--> statement-breakpoint
CREATE INDEX "herd_dry_periods_fresh_idx" ON "herd_dry_periods" USING btree ("database_id","fresh_date");--> statement-breakpoint
CREATE INDEX "herd_fresh_health_fresh_idx" ON "herd_fresh_health" USING btree ("database_id","fresh_date");--> statement-breakpoint
CREATE INDEX "herd_open_spans_going_idx" ON "herd_open_spans" USING btree ("database_id","animal_id") WHERE lact_end is null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "herd_facts_of_deleted_databases"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "herd_services" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_open_spans" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_cycles" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_animal_facts" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_health_cases" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_lactation_facts" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_fresh_health" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_calvings" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_dry_periods" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every database's facts are written again by its next report, the new tables with them.
DELETE FROM "herd_facts_state";
