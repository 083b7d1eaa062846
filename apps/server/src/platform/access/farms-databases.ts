import type { DatabaseKind } from "@nadoy/contract/users";
import { and, asc, type Column, getTableName, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { perDatabase } from "../../db/per-database.ts";
import { companyMemberships, farms, userDatabaseAccess, userDatabases, userFarms } from "../../db/schema/index.ts";

// Who sees which farms and user databases (contract business.ts), as SQL that any feature can
// run or put into its own queries:
// - farms: every farm of the caller's companies, except that where an admin picked farms of a
//   company for the caller (user_farms), only those farms of that company;
// - databases: the active databases assigned to the caller (user_database_access) whose company
//   the caller is a member of.
// Superusers see every farm and every active database.

export interface AccessCaller {
  id: number;
  isSuperuser: boolean;
}

const pickedFarms = sql.raw('"picked_farms"');

/**
 * `"table"."column"` always: drizzle writes columns inside a select list's SQL without their table
 * when the query reads one table, and these conditions may be selected as columns too.
 */
const q = (column: Column) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/** A condition on `farms`: the caller may see this farm. */
export function farmVisibleTo(caller: AccessCaller): SQL {
  if (caller.isSuperuser) return sql`true`;
  const member = sql`exists (select 1 from ${companyMemberships} where ${q(companyMemberships.userId)} = ${caller.id} and ${q(companyMemberships.companyId)} = ${q(farms.companyId)})`;
  const picked = sql`exists (select 1 from ${userFarms} where ${q(userFarms.userId)} = ${caller.id} and ${q(userFarms.farmId)} = ${q(farms.id)})`;
  // Picks of another farm of the same company hide this one.
  const noPickInCompany = sql`not exists (select 1 from ${userFarms} join ${farms} as ${pickedFarms} on ${pickedFarms}.id = ${q(userFarms.farmId)}
      where ${q(userFarms.userId)} = ${caller.id} and ${pickedFarms}.company_id = ${q(farms.companyId)})`;
  return and(member, or(picked, noPickInCompany)) as SQL;
}

/** A condition on `user_databases`: the caller may use this database. */
export function databaseVisibleTo(caller: AccessCaller): SQL {
  const active = sql`${q(userDatabases.active)}`;
  if (caller.isSuperuser) return active;
  const given = sql`exists (select 1 from ${userDatabaseAccess} where ${q(userDatabaseAccess.userId)} = ${caller.id} and ${q(userDatabaseAccess.databaseId)} = ${q(userDatabases.id)})`;
  const member = sql`exists (select 1 from ${companyMemberships} where ${q(companyMemberships.userId)} = ${caller.id} and ${q(companyMemberships.companyId)} = ${q(userDatabases.companyId)})`;
  return and(active, given, member) as SQL;
}

export interface VisibleFarm {
  id: number;
  uuid: string;
  companyId: number;
  name: string;
  useGenetic: boolean;
  timezone: string;
}

export interface VisibleDatabase {
  id: number;
  uuid: string;
  companyId: number;
  farmId: number | null;
  name: string;
  server: string;
  dbName: string;
  active: boolean;
  kind: DatabaseKind;
}

const farmColumns = {
  id: farms.id,
  uuid: farms.uuid,
  companyId: farms.companyId,
  name: farms.name,
  useGenetic: farms.useGenetic,
  timezone: farms.timezone,
};

const databaseColumns = {
  id: userDatabases.id,
  uuid: userDatabases.uuid,
  companyId: userDatabases.companyId,
  farmId: userDatabases.farmId,
  name: userDatabases.name,
  server: userDatabases.server,
  dbName: userDatabases.dbName,
  active: userDatabases.active,
  kind: userDatabases.kind,
};

// users/data runs these on every app start: prepared once per database, one variant for members
// (the caller's id a placeholder) and one for superusers.
const placeholderCaller = { id: sql.placeholder("userId") as unknown as number };

function prepare(db: Db) {
  return {
    memberFarms: db
      .select(farmColumns)
      .from(farms)
      .where(farmVisibleTo({ ...placeholderCaller, isSuperuser: false }))
      .orderBy(asc(farms.name), asc(farms.id))
      .prepare("visible_farms_member"),
    allFarms: db.select(farmColumns).from(farms).orderBy(asc(farms.name), asc(farms.id)).prepare("visible_farms_all"),
    memberDatabases: db
      .select(databaseColumns)
      .from(userDatabases)
      .where(databaseVisibleTo({ ...placeholderCaller, isSuperuser: false }))
      .orderBy(asc(userDatabases.name), asc(userDatabases.id))
      .prepare("visible_databases_member"),
    allDatabases: db
      .select(databaseColumns)
      .from(userDatabases)
      .where(databaseVisibleTo({ ...placeholderCaller, isSuperuser: true }))
      .orderBy(asc(userDatabases.name), asc(userDatabases.id))
      .prepare("visible_databases_all"),
  };
}

const prepared = perDatabase(prepare);

/** The farms the caller may see, by name: one query. */
export function visibleFarms(db: Db, caller: AccessCaller): Promise<VisibleFarm[]> {
  const p = prepared(db);
  return caller.isSuperuser ? p.allFarms.execute() : p.memberFarms.execute({ userId: caller.id });
}

/** The active databases the caller may use, by name: one query. */
export function visibleDatabases(db: Db, caller: AccessCaller): Promise<VisibleDatabase[]> {
  const p = prepared(db);
  return caller.isSuperuser ? p.allDatabases.execute() : p.memberDatabases.execute({ userId: caller.id });
}
