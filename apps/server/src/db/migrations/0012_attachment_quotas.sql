DROP INDEX "attachments_uploader_idx";--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_unclaimed_uploader_idx" ON "attachments" USING btree ("uploader_id","size") WHERE "attachments"."chat_message_id" is null and "attachments"."task_id" is null and "attachments"."instruction_id" is null;--> statement-breakpoint
CREATE INDEX "attachments_company_idx" ON "attachments" USING btree ("company_id","size") WHERE "attachments"."company_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_uploader_idx" ON "attachments" USING btree ("uploader_id","size");