CREATE TABLE "list_form_notifications" (
	"notification_id" integer PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"answers" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
DROP INDEX "lists_company_idx";--> statement-breakpoint
DROP INDEX "list_forms_list_idx";--> statement-breakpoint
ALTER TABLE "list_rows" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "list_rows" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "kind" varchar(8) DEFAULT 'list' NOT NULL;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "list_form_notifications" ADD CONSTRAINT "list_form_notifications_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_form_notifications" ADD CONSTRAINT "list_form_notifications_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_form_notifications_list_idx" ON "list_form_notifications" USING btree ("list_id");--> statement-breakpoint
ALTER TABLE "list_rows" ADD CONSTRAINT "list_rows_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lists_company_kind_idx" ON "lists" USING btree ("company_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "list_forms_list_idx" ON "list_forms" USING btree ("list_id");