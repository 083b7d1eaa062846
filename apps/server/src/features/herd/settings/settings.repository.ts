import { HERD_VWP_DAYS_DEFAULT } from "@nadoy/contract/herd-settings";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";

// A herd database's settings row (herd_settings); a database without one has the defaults.

export interface HerdSettingsRow {
  vwpDays: number;
}

export async function readHerdSettings(db: Db, databaseId: number): Promise<HerdSettingsRow> {
  const [row] = await queryRows<{ vwp_days: number }>(
    db,
    sql`select vwp_days from herd_settings where database_id = ${databaseId}`,
  );
  return { vwpDays: row ? Number(row.vwp_days) : HERD_VWP_DAYS_DEFAULT };
}

export async function writeHerdSettings(db: Db, databaseId: number, settings: HerdSettingsRow): Promise<void> {
  await db.execute(
    sql`insert into herd_settings (database_id, vwp_days) values (${databaseId}, ${settings.vwpDays})
        on conflict (database_id) do update set vwp_days = excluded.vwp_days, updated_at = now()`,
  );
}
