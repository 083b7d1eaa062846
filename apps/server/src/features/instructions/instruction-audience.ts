import { roleOf } from "@nadoy/contract/roles";
import { sql } from "drizzle-orm";

// Who may read an article (contract instructions.ts), as SQL over the "instructions" row of the
// outer query: published, and its audience is everyone or includes the caller's role — the first of
// the caller's groups (spec §6, as the guard loaded them). Superusers read every published article.
// features/attachments restates this rule for the articles' files.

// Correlated subqueries name the outer table in full: drizzle leaves columns of single-table
// queries unqualified.
const ID = sql.raw(`"instructions"."id"`);
const AUDIENCE = sql.raw(`"instructions"."audience"`);
const PUBLISHED = sql.raw(`"instructions"."published"`);

export interface Reader {
  id: number;
  isSuperuser: boolean;
  groups: readonly number[];
}

export function readableBy(reader: Reader) {
  if (reader.isSuperuser) return sql`${PUBLISHED}`;
  const role = roleOf(reader.groups);
  if (role === undefined) return sql`(${PUBLISHED} and ${AUDIENCE} = 'all')`;
  return sql`(${PUBLISHED} and (${AUDIENCE} = 'all' or (${AUDIENCE} = 'roles' and exists (
    select 1 from instruction_roles ir where ir.instruction_id = ${ID} and ir.role_id = ${role}))))`;
}
