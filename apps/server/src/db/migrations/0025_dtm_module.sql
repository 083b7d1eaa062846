ALTER TABLE "api_keys" ADD COLUMN "expected_interval_min" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "silent_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "api_keys_expected_idx" ON "api_keys" USING btree ("id") WHERE expected_interval_min is not null and revoked_at is null;--> statement-breakpoint
CREATE INDEX "data_transfers_dtm_kind_idx" ON "data_transfers" USING btree ("dtm_code","kind","at");--> statement-breakpoint
CREATE INDEX "data_transfers_dtm_result_idx" ON "data_transfers" USING btree ("dtm_code","result","at");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_expected_interval" CHECK (expected_interval_min is null or expected_interval_min > 0);