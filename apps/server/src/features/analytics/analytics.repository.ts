import type { Db } from "../../db/client.ts";
import { pageHits } from "../../db/schema/index.ts";

export async function insertPageHit(db: Db, hit: { userId: number; path: string }): Promise<void> {
  await db.insert(pageHits).values(hit);
}
