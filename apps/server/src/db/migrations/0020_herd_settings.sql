CREATE TABLE "herd_settings" (
	"database_id" integer PRIMARY KEY NOT NULL,
	"vwp_days" integer DEFAULT 50 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "herd_settings_vwp_days" CHECK (vwp_days between 20 and 150)
);
--> statement-breakpoint
ALTER TABLE "herd_settings" ADD CONSTRAINT "herd_settings_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;