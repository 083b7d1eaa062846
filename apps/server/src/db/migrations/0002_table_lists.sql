CREATE TABLE "list_columns" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"list_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"type" varchar(16) NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "list_columns_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "list_form_elements" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"column_uuid" uuid,
	"type_form_element" varchar(16),
	"label_data" text DEFAULT '' NOT NULL,
	"mandatory_filling" boolean DEFAULT false NOT NULL,
	"not_empty" boolean DEFAULT false NOT NULL,
	"place_holder" varchar(255) DEFAULT '' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"uuid_link" uuid DEFAULT gen_random_uuid() NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"form_header" varchar(255) DEFAULT '' NOT NULL,
	"conclusion" text DEFAULT '' NOT NULL,
	CONSTRAINT "list_forms_uuid_link_unique" UNIQUE("uuid_link")
);
--> statement-breakpoint
CREATE TABLE "list_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"list_id" integer NOT NULL,
	"order" numeric NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "list_rows_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lists_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "list_columns" ADD CONSTRAINT "list_columns_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_form_elements" ADD CONSTRAINT "list_form_elements_form_id_list_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."list_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_form_elements" ADD CONSTRAINT "list_form_elements_column_uuid_list_columns_uuid_fk" FOREIGN KEY ("column_uuid") REFERENCES "public"."list_columns"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_forms" ADD CONSTRAINT "list_forms_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_rows" ADD CONSTRAINT "list_rows_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_rows" ADD CONSTRAINT "list_rows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_columns_list_order_idx" ON "list_columns" USING btree ("list_id","order");--> statement-breakpoint
CREATE INDEX "list_form_elements_form_order_idx" ON "list_form_elements" USING btree ("form_id","order");--> statement-breakpoint
CREATE INDEX "list_form_elements_column_idx" ON "list_form_elements" USING btree ("column_uuid");--> statement-breakpoint
CREATE INDEX "list_forms_list_idx" ON "list_forms" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "list_rows_list_order_idx" ON "list_rows" USING btree ("list_id","order");--> statement-breakpoint
CREATE INDEX "lists_company_idx" ON "lists" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "lists_created_by_idx" ON "lists" USING btree ("created_by");