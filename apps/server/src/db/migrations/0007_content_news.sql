CREATE TABLE "content_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"mime" varchar(120) NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_images_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"excerpt" varchar(500) DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover_image_id" integer,
	"publish_at" timestamp with time zone,
	"audience" varchar(16) DEFAULT 'all' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_companies" (
	"news_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "news_companies_news_id_company_id_pk" PRIMARY KEY("news_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "news_roles" (
	"news_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "news_roles_news_id_role_id_pk" PRIMARY KEY("news_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "notification_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"msg" text NOT NULL,
	"link" varchar(2048),
	"audience" text NOT NULL,
	"recipients" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "send_id" integer;--> statement-breakpoint
ALTER TABLE "content_images" ADD CONSTRAINT "content_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_cover_image_id_content_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."content_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_companies" ADD CONSTRAINT "news_companies_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_companies" ADD CONSTRAINT "news_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_roles" ADD CONSTRAINT "news_roles_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_roles" ADD CONSTRAINT "news_roles_role_id_groups_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_feed_idx" ON "news" USING btree ("publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "news"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "news_updated_idx" ON "news" USING btree ("updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "news_companies_company_idx" ON "news_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "news_roles_role_idx" ON "news_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "notification_sends_created_idx" ON "notification_sends" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_send_id_notification_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."notification_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_send_idx" ON "notifications" USING btree ("send_id");