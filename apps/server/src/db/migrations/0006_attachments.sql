CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"uploader_id" integer,
	"name" varchar(255) NOT NULL,
	"mime" varchar(120) NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"chat_message_id" integer,
	"task_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attachments_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "attachments_one_owner" CHECK ("attachments"."chat_message_id" is null or "attachments"."task_id" is null)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_chat_message_id_chat_messages_id_fk" FOREIGN KEY ("chat_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_chat_message_idx" ON "attachments" USING btree ("chat_message_id","position") WHERE "attachments"."chat_message_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_task_idx" ON "attachments" USING btree ("task_id","position") WHERE "attachments"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_unclaimed_idx" ON "attachments" USING btree ("created_at") WHERE "attachments"."chat_message_id" is null and "attachments"."task_id" is null;--> statement-breakpoint
CREATE INDEX "attachments_uploader_idx" ON "attachments" USING btree ("uploader_id");