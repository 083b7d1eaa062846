CREATE TABLE "herd_column_mappings" (
	"database_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "herd_column_mappings_database_id_kind_pk" PRIMARY KEY("database_id","kind"),
	CONSTRAINT "herd_column_mappings_kind" CHECK (kind in ('animals', 'events', 'test_days'))
);
--> statement-breakpoint
ALTER TABLE "herd_uploads" ADD COLUMN "mapping" jsonb;--> statement-breakpoint
ALTER TABLE "herd_column_mappings" ADD CONSTRAINT "herd_column_mappings_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_column_mappings" ADD CONSTRAINT "herd_column_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "herd_uploads_user_idx" ON "herd_uploads" USING btree ("database_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "herd_uploads_files_idx" ON "herd_uploads" USING btree ("database_id","created_at") WHERE "herd_uploads"."file_key" is not null;