CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"scope" varchar(16) NOT NULL,
	"database_id" integer NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"hint" varchar(16) NOT NULL,
	"dtm_code" text,
	"expires_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" varchar(64),
	"revoked_at" timestamp with time zone,
	"revoked_by_id" integer,
	CONSTRAINT "api_keys_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "api_keys_scope" CHECK (scope in ('ingest', 'herd_upload'))
);
--> statement-breakpoint
CREATE TABLE "data_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key_id" integer,
	"database_id" integer,
	"dtm_code" text,
	"kind" varchar(16) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" varchar(64),
	"rows_received" integer NOT NULL,
	"rows_accepted" integer NOT NULL,
	"rows_rejected" integer NOT NULL,
	"first_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" varchar(16) NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "keygen_workspaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keygen_workspaces_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "keygen_workspaces_company_id_unique" UNIQUE("company_id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_keygen_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."keygen_workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_id_users_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_transfers" ADD CONSTRAINT "data_transfers_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_transfers" ADD CONSTRAINT "data_transfers_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keygen_workspaces" ADD CONSTRAINT "keygen_workspaces_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_idx" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_workspace_idx" ON "api_keys" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "api_keys_database_idx" ON "api_keys" USING btree ("database_id");--> statement-breakpoint
CREATE INDEX "data_transfers_key_idx" ON "data_transfers" USING btree ("key_id","at");--> statement-breakpoint
CREATE INDEX "data_transfers_dtm_idx" ON "data_transfers" USING btree ("dtm_code","at");--> statement-breakpoint
CREATE INDEX "data_transfers_database_idx" ON "data_transfers" USING btree ("database_id","at");--> statement-breakpoint
-- One keygen workspace per company (contract keys.ts): every company has one now, and a trigger
-- adds one with each new company, whichever code inserts it.
INSERT INTO "keygen_workspaces" ("company_id") SELECT "id" FROM "companies" ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "keygen_workspace_of_new_company"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "keygen_workspaces" ("company_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "companies_keygen_workspace" AFTER INSERT ON "companies"
FOR EACH ROW EXECUTE FUNCTION "keygen_workspace_of_new_company"();
