CREATE TABLE "herd_flow_days" (
	"database_id" integer NOT NULL,
	"day" date NOT NULL,
	"born" integer NOT NULL,
	"sold" integer NOT NULL,
	"died" integer NOT NULL,
	CONSTRAINT "herd_flow_days_database_id_day_pk" PRIMARY KEY("database_id","day")
);
--> statement-breakpoint
CREATE TABLE "herd_going_cycles" (
	"database_id" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"lact" integer NOT NULL,
	"cs" date NOT NULL,
	"elig" boolean NOT NULL,
	"bred" boolean NOT NULL,
	"preg" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "herd_going_state" (
	"database_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"vwp_days" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "herd_structure_cells" (
	"database_id" integer NOT NULL,
	"status" text NOT NULL,
	"lg" smallint NOT NULL,
	"band" smallint NOT NULL,
	"pen" text,
	"rc" smallint,
	"n" integer NOT NULL,
	"dim_sum" integer NOT NULL,
	"dim_n" integer NOT NULL,
	"lact_sum" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "herd_structure_state" (
	"database_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "herd_going_state" ADD CONSTRAINT "herd_going_state_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_structure_state" ADD CONSTRAINT "herd_structure_state_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "herd_going_cycles_start_idx" ON "herd_going_cycles" USING btree ("database_id","cs");--> statement-breakpoint
CREATE INDEX "herd_structure_cells_database_idx" ON "herd_structure_cells" USING btree ("database_id");--> statement-breakpoint
-- A database's deletion deletes its day-kept facts with its other facts (no foreign keys on facts).
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
  DELETE FROM "herd_test_facts" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_test_day_sums" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_structure_cells" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_flow_days" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_going_cycles" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  RETURN NULL;
END
$$;
