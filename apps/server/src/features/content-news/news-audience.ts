import { sql } from "drizzle-orm";

// Who may read a news item (contract content.ts), as SQL over the "news" row of the outer query:
// its audience is everyone, a company the caller is a member of, or the caller's role — the first
// of the caller's groups in position order (spec §6, as platform/auth and contract roles.ts read
// it). Superusers read everything. Published = a publish time that has come.

// Correlated subqueries name the outer table in full: drizzle leaves columns of single-table
// queries unqualified.
const NEWS_ID = sql.raw(`"news"."id"`);
const AUDIENCE = sql.raw(`"news"."audience"`);
const PUBLISH_AT = sql.raw(`"news"."publish_at"`);

export function visibleTo(caller: { id: number; isSuperuser: boolean }) {
  if (caller.isSuperuser) return sql`true`;
  return sql`(${AUDIENCE} = 'all'
    or (${AUDIENCE} = 'companies' and exists (
      select 1 from news_companies nc
      join company_memberships cm on cm.company_id = nc.company_id and cm.user_id = ${caller.id}
      where nc.news_id = ${NEWS_ID}))
    or (${AUDIENCE} = 'roles' and exists (
      select 1 from news_roles nr
      where nr.news_id = ${NEWS_ID} and nr.role_id = (
        select ug.group_id from user_groups ug where ug.user_id = ${caller.id} order by ug.position limit 1))))`;
}

/** Matches news_feed_idx's predicate, so the feed walks the index newest first. */
export const isPublished = sql`(${PUBLISH_AT} is not null and ${PUBLISH_AT} <= now())`;
