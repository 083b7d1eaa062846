CREATE TABLE "dtm_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"company_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dtm_entries_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "user_dtm_access" (
	"user_id" integer NOT NULL,
	"dtm_entry_id" integer NOT NULL,
	CONSTRAINT "user_dtm_access_user_id_dtm_entry_id_pk" PRIMARY KEY("user_id","dtm_entry_id")
);
--> statement-breakpoint
ALTER TABLE "dtm_entries" ADD CONSTRAINT "dtm_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_dtm_access" ADD CONSTRAINT "user_dtm_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_dtm_access" ADD CONSTRAINT "user_dtm_access_dtm_entry_id_dtm_entries_id_fk" FOREIGN KEY ("dtm_entry_id") REFERENCES "public"."dtm_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dtm_entries_company_code_idx" ON "dtm_entries" USING btree ("company_id","company_code");--> statement-breakpoint
CREATE INDEX "user_dtm_access_entry_idx" ON "user_dtm_access" USING btree ("dtm_entry_id");