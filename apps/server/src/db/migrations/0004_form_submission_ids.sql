ALTER TABLE "list_rows" ADD COLUMN "client_submission_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "list_rows_client_submission_idx" ON "list_rows" USING btree ("client_submission_id");--> statement-breakpoint
CREATE INDEX "list_rows_created_by_idx" ON "list_rows" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "list_rows_updated_by_idx" ON "list_rows" USING btree ("updated_by");