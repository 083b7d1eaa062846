CREATE TABLE "herd_animal_facts" (
	"database_id" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"first_fresh" date,
	"conception" date,
	CONSTRAINT "herd_animal_facts_database_id_animal_id_pk" PRIMARY KEY("database_id","animal_id")
);
--> statement-breakpoint
CREATE TABLE "herd_cycles" (
	"database_id" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"lact" integer NOT NULL,
	"cs" date NOT NULL,
	"elig" boolean NOT NULL,
	"bred" boolean NOT NULL,
	"preg" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "herd_facts_state" (
	"database_id" integer PRIMARY KEY NOT NULL,
	"vwp_days" integer NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "herd_health_cases" (
	"database_id" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"code" text NOT NULL,
	"event_date" date NOT NULL,
	CONSTRAINT "herd_health_cases_database_id_animal_id_code_event_date_pk" PRIMARY KEY("database_id","animal_id","code","event_date")
);
--> statement-breakpoint
CREATE TABLE "herd_lactation_facts" (
	"database_id" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"lact" integer NOT NULL,
	"y305" double precision NOT NULL,
	CONSTRAINT "herd_lactation_facts_database_id_animal_id_lact_pk" PRIMARY KEY("database_id","animal_id","lact")
);
--> statement-breakpoint
CREATE TABLE "herd_open_spans" (
	"database_id" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"lact" integer NOT NULL,
	"span" integer NOT NULL,
	"fresh_date" date NOT NULL,
	"s" date NOT NULL,
	"e" date,
	"lact_end" date,
	CONSTRAINT "herd_open_spans_database_id_animal_id_lact_span_pk" PRIMARY KEY("database_id","animal_id","lact","span")
);
--> statement-breakpoint
CREATE TABLE "herd_services" (
	"database_id" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"lact" integer NOT NULL,
	"event_date" date NOT NULL,
	"fresh_date" date,
	"n" integer NOT NULL,
	"dim" integer,
	"result" text,
	"technician" text NOT NULL,
	"sire" text NOT NULL,
	CONSTRAINT "herd_services_database_id_animal_id_event_id_pk" PRIMARY KEY("database_id","animal_id","event_id"),
	CONSTRAINT "herd_services_result" CHECK (result is null or result in ('preg', 'open'))
);
--> statement-breakpoint
ALTER TABLE "herd_facts_state" ADD CONSTRAINT "herd_facts_state_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "herd_cycles_start_idx" ON "herd_cycles" USING btree ("database_id","cs");--> statement-breakpoint
CREATE INDEX "herd_health_cases_date_idx" ON "herd_health_cases" USING btree ("database_id","event_date");--> statement-breakpoint
CREATE INDEX "herd_services_date_idx" ON "herd_services" USING btree ("database_id","event_date");--> statement-breakpoint
CREATE INDEX "herd_lactations_fresh_idx" ON "herd_lactations" USING btree ("database_id","fresh_date");--> statement-breakpoint
-- The facts have no foreign key (a check per row would double the cost of writing them again at
-- every import): a deleted database takes them along, once per statement. An animal is deleted
-- only with its database.
CREATE FUNCTION "herd_facts_of_deleted_databases"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "herd_services" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_open_spans" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_cycles" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_animal_facts" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_health_cases" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  DELETE FROM "herd_lactation_facts" f USING "deleted_databases" d WHERE f."database_id" = d."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "herd_facts_database_deleted" AFTER DELETE ON "user_databases"
REFERENCING OLD TABLE AS "deleted_databases" FOR EACH STATEMENT EXECUTE FUNCTION "herd_facts_of_deleted_databases"();
