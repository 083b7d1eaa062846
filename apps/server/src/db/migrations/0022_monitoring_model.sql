-- Written by drizzle-kit, then edited by hand: the two readings tables are PARTITION BY RANGE (ts)
-- (Drizzle cannot declare it), and the end adds the partition maker, the trigger that deletes a
-- deleted series' readings and rollups, and the first months' partitions.
CREATE TABLE "monitoring_devices" (
	"database_id" integer NOT NULL,
	"id" bigserial NOT NULL,
	"site_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "monitoring_devices_database_id_id_pk" PRIMARY KEY("database_id","id")
);
--> statement-breakpoint
CREATE TABLE "monitoring_readings" (
	"database_id" integer NOT NULL,
	"series_id" bigint NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "monitoring_readings_database_id_series_id_ts_pk" PRIMARY KEY("database_id","series_id","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "monitoring_rollups" (
	"database_id" integer NOT NULL,
	"series_id" bigint NOT NULL,
	"grain" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"kwh" double precision,
	CONSTRAINT "monitoring_rollups_database_id_series_id_grain_bucket_pk" PRIMARY KEY("database_id","series_id","grain","bucket"),
	CONSTRAINT "monitoring_rollups_grain" CHECK (grain in ('hour', 'day'))
);
--> statement-breakpoint
CREATE TABLE "monitoring_series" (
	"database_id" integer NOT NULL,
	"id" bigserial NOT NULL,
	"site_id" bigint NOT NULL,
	"device_id" bigint,
	"substation_id" bigint,
	"meter_role" text,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"unit" text,
	"low" double precision,
	"high" double precision,
	"states" jsonb,
	"rollover" double precision,
	CONSTRAINT "monitoring_series_database_id_id_pk" PRIMARY KEY("database_id","id"),
	CONSTRAINT "monitoring_series_kind" CHECK (kind in ('sensor', 'state', 'energy', 'power')),
	CONSTRAINT "monitoring_series_meter_role" CHECK (meter_role is null or meter_role in ('input', 'feeder')),
	CONSTRAINT "monitoring_series_substation" CHECK ((substation_id is null and meter_role is null) or (substation_id is not null and meter_role is not null and kind in ('energy', 'power'))),
	CONSTRAINT "monitoring_series_states" CHECK (states is null or kind = 'state'),
	CONSTRAINT "monitoring_series_rollover" CHECK (rollover is null or (kind = 'energy' and rollover > 0))
);
--> statement-breakpoint
CREATE TABLE "monitoring_sites" (
	"database_id" integer NOT NULL,
	"id" bigserial NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "monitoring_sites_database_id_id_pk" PRIMARY KEY("database_id","id")
);
--> statement-breakpoint
CREATE TABLE "monitoring_state_readings" (
	"database_id" integer NOT NULL,
	"series_id" bigint NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	CONSTRAINT "monitoring_state_readings_database_id_series_id_ts_pk" PRIMARY KEY("database_id","series_id","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "monitoring_substations" (
	"database_id" integer NOT NULL,
	"id" bigserial NOT NULL,
	"site_id" bigint NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "monitoring_substations_database_id_id_pk" PRIMARY KEY("database_id","id")
);
--> statement-breakpoint
ALTER TABLE "monitoring_devices" ADD CONSTRAINT "monitoring_devices_site_fk" FOREIGN KEY ("database_id","site_id") REFERENCES "public"."monitoring_sites"("database_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_series" ADD CONSTRAINT "monitoring_series_site_fk" FOREIGN KEY ("database_id","site_id") REFERENCES "public"."monitoring_sites"("database_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_series" ADD CONSTRAINT "monitoring_series_device_fk" FOREIGN KEY ("database_id","device_id") REFERENCES "public"."monitoring_devices"("database_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_series" ADD CONSTRAINT "monitoring_series_substation_fk" FOREIGN KEY ("database_id","substation_id") REFERENCES "public"."monitoring_substations"("database_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_sites" ADD CONSTRAINT "monitoring_sites_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_substations" ADD CONSTRAINT "monitoring_substations_site_fk" FOREIGN KEY ("database_id","site_id") REFERENCES "public"."monitoring_sites"("database_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitoring_devices_site_idx" ON "monitoring_devices" USING btree ("database_id","site_id");--> statement-breakpoint
CREATE INDEX "monitoring_series_site_idx" ON "monitoring_series" USING btree ("database_id","site_id");--> statement-breakpoint
CREATE INDEX "monitoring_series_device_idx" ON "monitoring_series" USING btree ("database_id","device_id");--> statement-breakpoint
CREATE INDEX "monitoring_series_substation_idx" ON "monitoring_series" USING btree ("database_id","substation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_series_input_idx" ON "monitoring_series" USING btree ("database_id","substation_id","kind") WHERE "monitoring_series"."meter_role" = 'input';--> statement-breakpoint
CREATE INDEX "monitoring_substations_site_idx" ON "monitoring_substations" USING btree ("database_id","site_id");--> statement-breakpoint
-- Monthly partitions (UTC months) of both readings tables for every month from from_ts to to_ts,
-- those that are missing; answers how many it made. Called at startup (the current month and the
-- next ones) and by every ingestion batch for its readings' months, so a late or early reading
-- always has its partition: there is no DEFAULT partition, which would have to be scanned (and
-- emptied) before each new month could be attached. Creating a partition locks its parent, so the
-- common call, where every month exists, only looks (to_regclass) and takes no lock.
CREATE FUNCTION "monitoring_ensure_partitions"("from_ts" timestamptz, "to_ts" timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  m timestamp := date_trunc('month', from_ts AT TIME ZONE 'UTC');
  m_last timestamp := date_trunc('month', to_ts AT TIME ZONE 'UTC');
  parent text;
  part text;
  made integer := 0;
BEGIN
  IF m_last - m > interval '20 years' THEN
    RAISE EXCEPTION 'monitoring_ensure_partitions: % is too long a span', (m_last - m);
  END IF;
  WHILE m <= m_last LOOP
    FOREACH parent IN ARRAY ARRAY['monitoring_readings', 'monitoring_state_readings'] LOOP
      part := parent || '_p' || to_char(m, 'YYYY_MM');
      IF to_regclass(format('public.%I', part)) IS NULL THEN
        -- Two batches may want the same new month at once: one creates it, the other then sees it.
        PERFORM pg_advisory_xact_lock(74236611);
        IF to_regclass(format('public.%I', part)) IS NULL THEN
          EXECUTE format('CREATE TABLE public.%I PARTITION OF public.%I FOR VALUES FROM (%L) TO (%L)',
            part, parent, to_char(m, 'YYYY-MM-DD') || ' 00:00:00+00',
            to_char(m + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
          made := made + 1;
        END IF;
      END IF;
    END LOOP;
    m := m + interval '1 month';
  END LOOP;
  RETURN made;
END
$$;--> statement-breakpoint
-- Readings and rollups have no foreign key (a check per reading); a deleted series (its site's,
-- device's, substation's or database's deletion cascades to it) takes them along, once per statement.
CREATE FUNCTION "monitoring_readings_of_deleted_series"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "monitoring_readings" r USING "deleted_series" d
  WHERE r."database_id" = d."database_id" AND r."series_id" = d."id";
  DELETE FROM "monitoring_state_readings" r USING "deleted_series" d
  WHERE r."database_id" = d."database_id" AND r."series_id" = d."id";
  DELETE FROM "monitoring_rollups" r USING "deleted_series" d
  WHERE r."database_id" = d."database_id" AND r."series_id" = d."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "monitoring_series_deleted" AFTER DELETE ON "monitoring_series"
REFERENCING OLD TABLE AS "deleted_series" FOR EACH STATEMENT EXECUTE FUNCTION "monitoring_readings_of_deleted_series"();--> statement-breakpoint
SELECT "monitoring_ensure_partitions"(now() - interval '1 month', now() + interval '3 months');
