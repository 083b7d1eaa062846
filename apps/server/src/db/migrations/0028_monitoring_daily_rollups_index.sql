-- Written by drizzle-kit, then edited by hand: INCLUDE ("kwh") (Drizzle cannot declare it). The
-- daily rollups alone, tenant first, with their kWh: all meters' daily kWh of a range (and the
-- daily means) read 366 index entries a meter for a year instead of as many heap rows scattered
-- among the hourly ones.
CREATE INDEX "monitoring_rollups_day_idx" ON "monitoring_rollups" USING btree ("database_id","series_id","bucket") INCLUDE ("kwh") WHERE grain = 'day';
