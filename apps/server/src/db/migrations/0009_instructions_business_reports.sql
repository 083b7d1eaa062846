CREATE TABLE "user_database_access" (
	"user_id" integer NOT NULL,
	"database_id" integer NOT NULL,
	CONSTRAINT "user_database_access_user_id_database_id_pk" PRIMARY KEY("user_id","database_id")
);
--> statement-breakpoint
CREATE TABLE "user_databases" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"farm_id" integer,
	"name" varchar(255) NOT NULL,
	"server" varchar(255) NOT NULL,
	"db_name" varchar(255) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_databases_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "user_farms" (
	"user_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	CONSTRAINT "user_farms_user_id_farm_id_pk" PRIMARY KEY("user_id","farm_id")
);
--> statement-breakpoint
CREATE TABLE "instruction_roles" (
	"instruction_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "instruction_roles_instruction_id_role_id_pk" PRIMARY KEY("instruction_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "instructions" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"plain_text" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"audience" varchar(16) DEFAULT 'all' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instructions_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "iframe_group_reports" (
	"group_id" integer NOT NULL,
	"report_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "iframe_group_reports_group_id_report_id_pk" PRIMARY KEY("group_id","report_id")
);
--> statement-breakpoint
CREATE TABLE "iframe_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"image_id" integer,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iframe_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200) NOT NULL,
	"tag" varchar(64) NOT NULL,
	"image_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"provider" varchar(16) DEFAULT 'url' NOT NULL,
	"url" varchar(2000) NOT NULL,
	"resource_id" varchar(200) DEFAULT '' NOT NULL,
	"restrict_param" varchar(63),
	"secret" text,
	"company_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iframe_reports_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "user_iframe_groups" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "user_iframe_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "user_iframe_reports" (
	"user_id" integer NOT NULL,
	"report_id" integer NOT NULL,
	CONSTRAINT "user_iframe_reports_user_id_report_id_pk" PRIMARY KEY("user_id","report_id")
);
--> statement-breakpoint
ALTER TABLE "attachments" DROP CONSTRAINT "attachments_one_owner";--> statement-breakpoint
DROP INDEX "attachments_unclaimed_idx";--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "instruction_id" integer;--> statement-breakpoint
ALTER TABLE "user_database_access" ADD CONSTRAINT "user_database_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_database_access" ADD CONSTRAINT "user_database_access_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_databases" ADD CONSTRAINT "user_databases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_databases" ADD CONSTRAINT "user_databases_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_farms" ADD CONSTRAINT "user_farms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_farms" ADD CONSTRAINT "user_farms_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruction_roles" ADD CONSTRAINT "instruction_roles_instruction_id_instructions_id_fk" FOREIGN KEY ("instruction_id") REFERENCES "public"."instructions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruction_roles" ADD CONSTRAINT "instruction_roles_role_id_groups_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructions" ADD CONSTRAINT "instructions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructions" ADD CONSTRAINT "instructions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iframe_group_reports" ADD CONSTRAINT "iframe_group_reports_group_id_iframe_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."iframe_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iframe_group_reports" ADD CONSTRAINT "iframe_group_reports_report_id_iframe_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."iframe_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iframe_groups" ADD CONSTRAINT "iframe_groups_image_id_content_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."content_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iframe_reports" ADD CONSTRAINT "iframe_reports_image_id_content_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."content_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iframe_reports" ADD CONSTRAINT "iframe_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_iframe_groups" ADD CONSTRAINT "user_iframe_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_iframe_groups" ADD CONSTRAINT "user_iframe_groups_group_id_iframe_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."iframe_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_iframe_reports" ADD CONSTRAINT "user_iframe_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_iframe_reports" ADD CONSTRAINT "user_iframe_reports_report_id_iframe_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."iframe_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_database_access_database_idx" ON "user_database_access" USING btree ("database_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_databases_server_db_idx" ON "user_databases" USING btree ("server","db_name");--> statement-breakpoint
CREATE INDEX "user_databases_company_idx" ON "user_databases" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "user_databases_farm_idx" ON "user_databases" USING btree ("farm_id");--> statement-breakpoint
CREATE INDEX "user_farms_farm_idx" ON "user_farms" USING btree ("farm_id");--> statement-breakpoint
CREATE INDEX "instruction_roles_role_idx" ON "instruction_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "instructions_position_idx" ON "instructions" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "instructions_search_idx" ON "instructions" USING gin (to_tsvector('russian', "title" || ' ' || "plain_text"));--> statement-breakpoint
CREATE INDEX "iframe_group_reports_report_idx" ON "iframe_group_reports" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "iframe_reports_company_idx" ON "iframe_reports" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "user_iframe_groups_group_idx" ON "user_iframe_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "user_iframe_reports_report_idx" ON "user_iframe_reports" USING btree ("report_id");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_instruction_id_instructions_id_fk" FOREIGN KEY ("instruction_id") REFERENCES "public"."instructions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_instruction_idx" ON "attachments" USING btree ("instruction_id","position") WHERE "attachments"."instruction_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_unclaimed_idx" ON "attachments" USING btree ("created_at") WHERE "attachments"."chat_message_id" is null and "attachments"."task_id" is null and "attachments"."instruction_id" is null;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_one_owner" CHECK (num_nonnulls("attachments"."chat_message_id", "attachments"."task_id", "attachments"."instruction_id") <= 1);