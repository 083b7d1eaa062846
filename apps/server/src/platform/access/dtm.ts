import { and, asc, type Column, getTableName, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { perDatabase } from "../../db/per-database.ts";
import { companyMemberships, dtmEntries, userDtmAccess } from "../../db/schema/index.ts";
import type { AccessCaller } from "./farms-databases.ts";

// Who sees which DTM entries (spec §3 "DTM entry"; contract business.ts), as SQL that any feature
// can run or put into its own queries — users/data now, the DTM module page later: the entries
// assigned to the caller (user_dtm_access) whose company the caller is a member of. Superusers see
// every entry, as they see every active database.

/** `"table"."column"` always, as in farms-databases.ts: these conditions may be selected as columns too. */
const q = (column: Column) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/** A condition on `dtm_entries`: the caller may see this entry. */
export function dtmVisibleTo(caller: AccessCaller): SQL {
  if (caller.isSuperuser) return sql`true`;
  const given = sql`exists (select 1 from ${userDtmAccess} where ${q(userDtmAccess.userId)} = ${caller.id} and ${q(userDtmAccess.dtmEntryId)} = ${q(dtmEntries.id)})`;
  const member = sql`exists (select 1 from ${companyMemberships} where ${q(companyMemberships.userId)} = ${caller.id} and ${q(companyMemberships.companyId)} = ${q(dtmEntries.companyId)})`;
  return and(given, member) as SQL;
}

export interface VisibleDtm {
  id: number;
  uuid: string;
  companyId: number;
  companyCode: string;
}

const dtmColumns = {
  id: dtmEntries.id,
  uuid: dtmEntries.uuid,
  companyId: dtmEntries.companyId,
  companyCode: dtmEntries.companyCode,
};

// users/data runs this on every app start: prepared once per database, one variant for members
// (the caller's id a placeholder) and one for superusers.
function prepare(db: Db) {
  const member = { id: sql.placeholder("userId") as unknown as number, isSuperuser: false };
  return {
    member: db
      .select(dtmColumns)
      .from(dtmEntries)
      .where(dtmVisibleTo(member))
      .orderBy(asc(dtmEntries.companyCode), asc(dtmEntries.id))
      .prepare("visible_dtm_member"),
    all: db
      .select(dtmColumns)
      .from(dtmEntries)
      .orderBy(asc(dtmEntries.companyCode), asc(dtmEntries.id))
      .prepare("visible_dtm_all"),
  };
}

const prepared = perDatabase(prepare);

/** The DTM entries the caller may see: one query. */
export function visibleDtm(db: Db, caller: AccessCaller): Promise<VisibleDtm[]> {
  const p = prepared(db);
  return caller.isSuperuser ? p.all.execute() : p.member.execute({ userId: caller.id });
}
