-- Written by drizzle-kit, then the INSERT added by hand: energy rollups now put an interval's kWh in
-- the bucket its end falls in approached from before (a meter read at 06:00 ends the 05:00 hour's
-- interval), so every monitoring database's stored rollups are computed again at the next start
-- (platform/rollups-rebuild.ts rebuildPendingRollups), before new batches merge into them.
CREATE TABLE "monitoring_rollup_rebuilds" (
	"database_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO "monitoring_rollup_rebuilds" ("database_id")
SELECT "id" FROM "user_databases" WHERE "kind" = 'monitoring';
