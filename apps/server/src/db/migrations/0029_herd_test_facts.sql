CREATE TABLE "herd_test_day_sums" (
	"database_id" integer NOT NULL,
	"test_date" date NOT NULL,
	"g" smallint NOT NULL,
	"w" smallint NOT NULL,
	"n" integer NOT NULL,
	"milk" double precision NOT NULL,
	"necm" integer NOT NULL,
	"ecm" double precision,
	"mf" double precision,
	"milkf" double precision,
	"mp" double precision,
	"milkp" double precision,
	"nscs" integer NOT NULL,
	"scs" double precision,
	"ms" double precision,
	"milks" double precision,
	"m_end" integer NOT NULL,
	"bm0" integer NOT NULL,
	"bm1" integer NOT NULL,
	"bm2" integer NOT NULL,
	"bm3" integer NOT NULL,
	"bd0" integer NOT NULL,
	"bd1" integer NOT NULL,
	"bd2" integer NOT NULL,
	"bd3" integer NOT NULL,
	CONSTRAINT "herd_test_day_sums_database_id_test_date_g_w_pk" PRIMARY KEY("database_id","test_date","g","w")
);
--> statement-breakpoint
CREATE TABLE "herd_test_facts" (
	"database_id" integer NOT NULL,
	"test_date" date NOT NULL,
	"animal_id" bigint NOT NULL,
	"g" smallint NOT NULL,
	"w" smallint,
	"milk" double precision NOT NULL,
	"ecm" double precision,
	"mf" double precision,
	"mp" double precision,
	"ms" double precision,
	"scs" double precision,
	"band" smallint,
	"next_date" date NOT NULL,
	"next_g" date NOT NULL,
	"m_end" boolean NOT NULL,
	"next_scc" date NOT NULL,
	"scc_m_end" boolean NOT NULL,
	CONSTRAINT "herd_test_facts_database_id_test_date_animal_id_pk" PRIMARY KEY("database_id","test_date","animal_id")
);
--> statement-breakpoint
-- The yields are written again with their day 305 by the next report (herd_facts_state is emptied below).
DELETE FROM "herd_lactation_facts";--> statement-breakpoint
ALTER TABLE "herd_lactation_facts" ADD COLUMN "day_305" date NOT NULL;--> statement-breakpoint
ALTER TABLE "herd_lactation_facts" ADD COLUMN "in_herd" boolean NOT NULL;--> statement-breakpoint
CREATE INDEX "herd_test_facts_last_idx" ON "herd_test_facts" USING btree ("database_id",greatest("next_g", "next_scc"),"test_date");--> statement-breakpoint
CREATE INDEX "herd_animals_birth_date_idx" ON "herd_animals" USING btree ("database_id","birth_date");--> statement-breakpoint
CREATE INDEX "herd_animals_exit_date_idx" ON "herd_animals" USING btree ("database_id","exit_date");--> statement-breakpoint
CREATE INDEX "herd_lactation_facts_day_305_idx" ON "herd_lactation_facts" USING btree ("database_id","day_305");--> statement-breakpoint
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
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every database's facts are written again by its next report, the new table with them.
DELETE FROM "herd_facts_state";
