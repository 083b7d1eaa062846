import { ROLE_IDS, ROLE_NAMES } from "@nadoy/contract/roles";
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { groups } from "../schema/index.ts";

/** Role groups 1–7 with their Russian names; written at every start, so renames reach old data. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(groups)
    .values(ROLE_IDS.map((id) => ({ id, name: ROLE_NAMES[id] })))
    .onConflictDoUpdate({ target: groups.id, set: { name: sql`excluded.name` } });
}
