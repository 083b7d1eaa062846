import type { Business, BusinessDatabase, BusinessDtm, BusinessFarm, BusinessUserRef } from "@nadoy/contract/business";
import { DATABASE_KIND_LABELS } from "@nadoy/contract/users";
import type { DatabaseAccessRow, DtmAccessRow, FarmPickRow } from "./business.repository.ts";

// Rows of the business repositories as the contract's shapes, and what the audit log keeps of them.

interface UserColumns {
  userId: number | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  role: unknown;
}

/** «Имя Фамилия», or the username when both are empty. */
export function displayName(user: { firstName: string; lastName: string; username: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

/** The user of a row, or undefined for the empty side of a left join. */
export function userRef(row: UserColumns): BusinessUserRef | undefined {
  if (row.userId === null || row.username === null) return undefined;
  const user = { username: row.username, firstName: row.firstName ?? "", lastName: row.lastName ?? "" };
  return {
    id: row.userId,
    name: displayName(user),
    username: row.username,
    role: row.role === null || row.role === undefined ? null : Number(row.role),
  };
}

/** The ids of these users, e.g. a farm's or a database's before a change of its user_ids. */
export const idsOf = (refs: readonly BusinessUserRef[]): number[] => refs.map((ref) => ref.id);

export type FarmWithIds = BusinessFarm & { id: number; companyId: number };

/** Farm rows (one per picked user, or one with no user) as farms with their users, in row order. */
export function farmsFrom(rows: FarmPickRow[]): FarmWithIds[] {
  const byId = new Map<number, FarmWithIds>();
  for (const row of rows) {
    let farm = byId.get(row.farmId);
    if (!farm) {
      farm = {
        id: row.farmId,
        companyId: row.companyId,
        uuid: row.uuid,
        name: row.name,
        use_genetic: row.useGenetic,
        timezone: row.timezone,
        users: [],
      };
      byId.set(row.farmId, farm);
    }
    const user = userRef(row);
    if (user) farm.users.push(user);
  }
  return [...byId.values()];
}

export type DatabaseWithIds = BusinessDatabase & { companyId: number; farmName: string | null };

/** Database rows (one per assigned user, or one with no user) as databases with their users. */
export function databasesFrom(rows: DatabaseAccessRow[]): DatabaseWithIds[] {
  const byId = new Map<number, DatabaseWithIds>();
  for (const row of rows) {
    let database = byId.get(row.databaseId);
    if (!database) {
      database = {
        pk: row.databaseId,
        companyId: row.companyId,
        uuid: row.uuid,
        name: row.name,
        server: row.server,
        db_name: row.dbName,
        active: row.active,
        kind: row.kind,
        farm_uuid: row.farmUuid,
        farmName: row.farmName,
        users: [],
      };
      byId.set(row.databaseId, database);
    }
    const user = userRef(row);
    if (user) database.users.push(user);
  }
  return [...byId.values()];
}

export type DtmWithIds = BusinessDtm & { id: number; companyId: number };

/** DTM rows (one per assigned user, or one with no user) as entries with their users, in row order. */
export function dtmFrom(rows: DtmAccessRow[]): DtmWithIds[] {
  const byId = new Map<number, DtmWithIds>();
  for (const row of rows) {
    let entry = byId.get(row.dtmEntryId);
    if (!entry) {
      entry = {
        id: row.dtmEntryId,
        companyId: row.companyId,
        uuid: row.uuid,
        company_code: row.companyCode,
        users: [],
      };
      byId.set(row.dtmEntryId, entry);
    }
    const user = userRef(row);
    if (user) entry.users.push(user);
  }
  return [...byId.values()];
}

export const publicFarm = ({ id: _id, companyId: _companyId, ...farm }: FarmWithIds): BusinessFarm => farm;

export const publicDatabase = ({
  companyId: _companyId,
  farmName: _farmName,
  ...database
}: DatabaseWithIds): BusinessDatabase => database;

export const publicDtm = ({ id: _id, companyId: _companyId, ...entry }: DtmWithIds): BusinessDtm => entry;

const usernames = (users: BusinessUserRef[]) => users.map((u) => u.username);

/** What the audit log keeps of a company: names, as a person reads them. */
export function businessSnapshot(business: Business): Record<string, unknown> {
  return {
    name: business.name,
    users: usernames(business.users),
    farms: business.farms.map((f) => ({ name: f.name, users: usernames(f.users) })),
    databases: business.databases.map((d) => ({ name: d.name, users: usernames(d.users) })),
    dtm: business.dtm.map((d) => ({ company_code: d.company_code, users: usernames(d.users) })),
  };
}

export function farmSnapshot(farm: BusinessFarm, companyName: string): Record<string, unknown> {
  return {
    company: companyName,
    name: farm.name,
    use_genetic: farm.use_genetic,
    timezone: farm.timezone,
    users: usernames(farm.users),
  };
}

export function databaseSnapshot(database: DatabaseWithIds, companyName: string): Record<string, unknown> {
  return {
    company: companyName,
    name: database.name,
    server: database.server,
    db_name: database.db_name,
    active: database.active,
    kind: DATABASE_KIND_LABELS[database.kind],
    farm: database.farmName,
    users: usernames(database.users),
  };
}

export function dtmSnapshot(entry: BusinessDtm, companyName: string): Record<string, unknown> {
  return { company: companyName, company_code: entry.company_code, users: usernames(entry.users) };
}
