import type { DatabaseKind } from "@nadoy/contract/users";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { farms, userDatabaseAccess, userDatabases } from "../../db/schema/index.ts";

// The SQL of user databases (contract business.ts): one by uuid, server + db_name, the members it
// is assigned to (user_database_access).

export const DATABASE_UNIQUE_INDEX = "user_databases_server_db_idx";

export interface DatabaseRecord {
  id: number;
  companyId: number;
}

export async function findDatabase(db: Db, uuid: string): Promise<DatabaseRecord | undefined> {
  const [row] = await db
    .select({ id: userDatabases.id, companyId: userDatabases.companyId })
    .from(userDatabases)
    .where(eq(userDatabases.uuid, uuid));
  return row;
}

/** Locks the database until the transaction ends; false when it is gone. */
export async function lockDatabase(tx: Db, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: userDatabases.id })
    .from(userDatabases)
    .where(eq(userDatabases.id, id))
    .for("update");
  return rows.length > 0;
}

/** The id of the farm with this uuid when it belongs to the company. */
export async function farmOfCompany(db: Db, uuid: string, companyId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.uuid, uuid), eq(farms.companyId, companyId)));
  return row?.id;
}

/** Whether another database (any but `exceptId`) is registered with this server and db_name (the unique index). */
export async function databaseTaken(db: Db, server: string, dbName: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userDatabases.id })
    .from(userDatabases)
    .where(
      and(
        eq(userDatabases.server, server),
        eq(userDatabases.dbName, dbName),
        exceptId === undefined ? undefined : ne(userDatabases.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface DatabaseValues {
  name?: string;
  server?: string;
  dbName?: string;
  active?: boolean;
  kind?: DatabaseKind;
  farmId?: number | null;
}

export async function insertDatabase(
  tx: Db,
  values: DatabaseValues & { companyId: number; name: string; server: string; dbName: string; kind: DatabaseKind },
): Promise<number> {
  const [row] = await tx.insert(userDatabases).values(values).returning({ id: userDatabases.id });
  if (!row) throw new Error("database insert returned nothing");
  return row.id;
}

export async function updateDatabase(tx: Db, id: number, values: DatabaseValues): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await tx.update(userDatabases).set(values).where(eq(userDatabases.id, id));
}

/** Makes `userIds` the members the database is assigned to. */
export async function replaceDatabaseUsers(tx: Db, databaseId: number, userIds: number[]): Promise<void> {
  const current = (
    await tx
      .select({ userId: userDatabaseAccess.userId })
      .from(userDatabaseAccess)
      .where(eq(userDatabaseAccess.databaseId, databaseId))
  ).map((r) => r.userId);
  const wanted = new Set(userIds);
  const leaving = current.filter((id) => !wanted.has(id));
  const joining = [...wanted].filter((id) => !current.includes(id));
  if (leaving.length > 0) {
    await tx
      .delete(userDatabaseAccess)
      .where(and(eq(userDatabaseAccess.databaseId, databaseId), inArray(userDatabaseAccess.userId, leaving)));
  }
  if (joining.length > 0) {
    await tx.insert(userDatabaseAccess).values(joining.map((userId) => ({ userId, databaseId })));
  }
}
