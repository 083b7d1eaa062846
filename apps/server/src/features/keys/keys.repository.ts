import type { KeyScope } from "@nadoy/contract/keys";
import type { DatabaseKind } from "@nadoy/contract/users";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import {
  apiKeys,
  companies,
  companyMemberships,
  dtmEntries,
  keygenWorkspaces,
  userDatabases,
} from "../../db/schema/index.ts";
import { dtmVisibleTo } from "../../platform/access/dtm.ts";
import { type AccessCaller, databaseVisibleTo } from "../../platform/access/farms-databases.ts";

// All SQL of the key generator (contract keys.ts).

export interface WorkspaceRow {
  id: number;
  uuid: string;
  companyId: number;
  name: string;
}

/** A condition on keygen_workspaces: the caller is a member of its company (superusers: every one). */
function workspaceOfCaller(caller: AccessCaller) {
  if (caller.isSuperuser) return sql`true`;
  // Columns spelt out with their tables: drizzle may leave the table off inside a sub-select.
  return sql`exists (select 1 from ${companyMemberships} "cm" where "cm"."user_id" = ${caller.id}
    and "cm"."company_id" = "keygen_workspaces"."company_id")`;
}

/** The workspace `uuid` if its company is the caller's (superusers: any). */
export async function findWorkspace(db: Db, caller: AccessCaller, uuid: string): Promise<WorkspaceRow | undefined> {
  const [row] = await db
    .select({ id: keygenWorkspaces.id, uuid: keygenWorkspaces.uuid, companyId: companies.id, name: companies.name })
    .from(keygenWorkspaces)
    .innerJoin(companies, eq(companies.id, keygenWorkspaces.companyId))
    .where(and(eq(keygenWorkspaces.uuid, uuid), workspaceOfCaller(caller)));
  return row;
}

export interface KeyDatabaseRow {
  id: number;
  uuid: string;
  name: string;
  kind: DatabaseKind;
}

/** The company's active databases the caller sees, herd and monitoring ones, by name. */
export function companyDatabases(db: Db, caller: AccessCaller, companyId: number): Promise<KeyDatabaseRow[]> {
  return db
    .select({ id: userDatabases.id, uuid: userDatabases.uuid, name: userDatabases.name, kind: userDatabases.kind })
    .from(userDatabases)
    .where(
      and(
        eq(userDatabases.companyId, companyId),
        inArray(userDatabases.kind, ["herd", "monitoring"]),
        databaseVisibleTo(caller),
      ),
    )
    .orderBy(userDatabases.name, userDatabases.id);
}

/**
 * The company's DTM codes the caller sees (users/data `dtm`), by code: a key bound to a code logs
 * its transfers there, so only a code whose log the caller may read is offered or taken.
 */
export async function companyDtmCodes(db: Db, caller: AccessCaller, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ code: dtmEntries.companyCode })
    .from(dtmEntries)
    .where(and(eq(dtmEntries.companyId, companyId), dtmVisibleTo(caller)))
    .orderBy(dtmEntries.companyCode, dtmEntries.id);
  return rows.map((r) => r.code);
}

export interface KeyRow {
  id: number;
  uuid: string;
  name: string;
  scope: KeyScope;
  database_uuid: string;
  database_name: string;
  dtm_code: string | null;
  hint: string;
  expires_at: Date | string | null;
  created_at: Date | string;
  last_used_at: Date | string | null;
  last_used_ip: string | null;
  revoked_at: Date | string | null;
  expected_interval_min: number | null;
  silent_since: Date | string | null;
  creator_id: number | null;
  creator_username: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  revoker_id: number | null;
  revoker_username: string | null;
  revoker_first_name: string | null;
  revoker_last_name: string | null;
}

const keySelect = sql`select k.id, k.uuid, k.name, k.scope, d.uuid as database_uuid, d.name as database_name,
    k.dtm_code, k.hint, k.expires_at, k.created_at, k.last_used_at, k.last_used_ip, k.revoked_at,
    k.expected_interval_min, k.silent_since,
    cu.id as creator_id, cu.username as creator_username, cu.first_name as creator_first_name,
    cu.last_name as creator_last_name,
    ru.id as revoker_id, ru.username as revoker_username, ru.first_name as revoker_first_name,
    ru.last_name as revoker_last_name
  from api_keys k
  join user_databases d on d.id = k.database_id
  left join users cu on cu.id = k.created_by_id
  left join users ru on ru.id = k.revoked_by_id`;

/** The workspace's keys, newest first. */
export function workspaceKeys(db: Db, workspaceId: number): Promise<KeyRow[]> {
  return queryRows<KeyRow>(
    db,
    sql`${keySelect} where k.workspace_id = ${workspaceId} order by k.created_at desc, k.id desc`,
  );
}

export async function keyById(db: Db, id: number): Promise<KeyRow | undefined> {
  const [row] = await queryRows<KeyRow>(db, sql`${keySelect} where k.id = ${id}`);
  return row;
}

/** The key `uuid` with its workspace's uuid, if the caller is a member of its company (superusers: any). */
export async function findKey(
  db: Db,
  caller: AccessCaller,
  uuid: string,
): Promise<{ id: number; workspaceId: number } | undefined> {
  const [row] = await db
    .select({ id: apiKeys.id, workspaceId: apiKeys.workspaceId })
    .from(apiKeys)
    .innerJoin(keygenWorkspaces, eq(keygenWorkspaces.id, apiKeys.workspaceId))
    .where(and(eq(apiKeys.uuid, uuid), workspaceOfCaller(caller)));
  return row;
}

export interface NewKey {
  workspaceId: number;
  name: string;
  scope: KeyScope;
  databaseId: number;
  secretHash: string;
  hint: string;
  dtmCode: string | null;
  expiresAt: Date | null;
  expectedIntervalMin: number | null;
  createdById: number;
}

export async function insertKey(db: Db, key: NewKey): Promise<number> {
  const [row] = await db.insert(apiKeys).values(key).returning({ id: apiKeys.id });
  if (!row) throw new Error("key inserted");
  return row.id;
}

/** Marks the key revoked by `userId` unless it already is. */
export async function revokeKey(db: Db, id: number, userId: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedById: userId })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
}
