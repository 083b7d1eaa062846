import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companyMemberships } from "../../db/schema/index.ts";

/** The companies of each of these users, in one query (company_memberships' primary key leads with user_id). */
export async function companiesOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: companyMemberships.userId, companyId: companyMemberships.companyId })
    .from(companyMemberships)
    .where(inArray(companyMemberships.userId, [...userIds]));
  for (const row of rows) {
    const list = byUser.get(row.userId);
    if (list) list.push(row.companyId);
    else byUser.set(row.userId, [row.companyId]);
  }
  return byUser;
}
