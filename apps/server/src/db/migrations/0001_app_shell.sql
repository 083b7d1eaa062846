CREATE TABLE "page_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"path" varchar(2048) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" varchar(10000) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"msg" text NOT NULL,
	"dt" timestamp with time zone DEFAULT now() NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"link" varchar(2048),
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "page_hits" ADD CONSTRAINT "page_hits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_hits_at_idx" ON "page_hits" USING btree ("at");--> statement-breakpoint
CREATE INDEX "page_hits_user_at_idx" ON "page_hits" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "announcements_active_idx" ON "announcements" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "announcements"."active";--> statement-breakpoint
CREATE INDEX "notifications_user_visible_idx" ON "notifications" USING btree ("user_id","dt" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "notifications"."dismissed_at" is null;