import type { UserAccess } from "@nadoy/contract/admin-users";
import { and, asc, type Column, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  companies,
  companyMemberships,
  dtmEntries,
  farms,
  iframeGroups,
  iframeReports,
  userDatabaseAccess,
  userDatabases,
  userDtmAccess,
  userFarms,
  userIframeGroups,
  userIframeReports,
} from "../../db/schema/index.ts";

// The SQL of what an admin gives a user besides companies: farm picks, databases, DTM entries,
// reports and iframe groups (contract admin-users.ts userAccessSchema).

/** What the user was given, in five small queries (one per kind), whatever they have. */
export async function accessOf(db: Db, userId: number): Promise<UserAccess> {
  const farmRows = await db
    .select({ uuid: farms.uuid, name: farms.name, company_uuid: companies.uuid })
    .from(userFarms)
    .innerJoin(farms, eq(farms.id, userFarms.farmId))
    .innerJoin(companies, eq(companies.id, farms.companyId))
    .where(eq(userFarms.userId, userId))
    .orderBy(asc(companies.name), asc(farms.name), asc(farms.id));
  const databaseRows = await db
    .select({
      uuid: userDatabases.uuid,
      name: userDatabases.name,
      company_uuid: companies.uuid,
      active: userDatabases.active,
    })
    .from(userDatabaseAccess)
    .innerJoin(userDatabases, eq(userDatabases.id, userDatabaseAccess.databaseId))
    .innerJoin(companies, eq(companies.id, userDatabases.companyId))
    .where(eq(userDatabaseAccess.userId, userId))
    .orderBy(asc(userDatabases.name), asc(userDatabases.id));
  const dtmRows = await db
    .select({ uuid: dtmEntries.uuid, company_code: dtmEntries.companyCode, company_uuid: companies.uuid })
    .from(userDtmAccess)
    .innerJoin(dtmEntries, eq(dtmEntries.id, userDtmAccess.dtmEntryId))
    .innerJoin(companies, eq(companies.id, dtmEntries.companyId))
    .where(eq(userDtmAccess.userId, userId))
    .orderBy(asc(companies.name), asc(dtmEntries.companyCode), asc(dtmEntries.id));
  const reportRows = await db
    .select({ uuid: iframeReports.uuid, title: iframeReports.title, active: iframeReports.active })
    .from(userIframeReports)
    .innerJoin(iframeReports, eq(iframeReports.id, userIframeReports.reportId))
    .where(eq(userIframeReports.userId, userId))
    .orderBy(asc(iframeReports.title), asc(iframeReports.id));
  const groupRows = await db
    .select({ pk: iframeGroups.id, title: iframeGroups.title, active: iframeGroups.active })
    .from(userIframeGroups)
    .innerJoin(iframeGroups, eq(iframeGroups.id, userIframeGroups.groupId))
    .where(eq(userIframeGroups.userId, userId))
    .orderBy(asc(iframeGroups.title), asc(iframeGroups.id));
  return {
    farms: farmRows,
    databases: databaseRows,
    dtm: dtmRows,
    reports: reportRows,
    iframe_groups: groupRows,
  };
}

/** The user's companies as ids. */
export async function companyIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: companyMemberships.companyId })
    .from(companyMemberships)
    .where(eq(companyMemberships.userId, userId));
  return rows.map((r) => r.id);
}

export interface Owned {
  id: number;
  /** null: not tied to a company (reports for everyone). */
  companyId: number | null;
}

export async function farmsByUuid(db: Db, uuids: string[]): Promise<Owned[]> {
  if (uuids.length === 0) return [];
  return db.select({ id: farms.id, companyId: farms.companyId }).from(farms).where(inArray(farms.uuid, uuids));
}

export async function databasesByUuid(db: Db, uuids: string[]): Promise<Owned[]> {
  if (uuids.length === 0) return [];
  return db
    .select({ id: userDatabases.id, companyId: userDatabases.companyId })
    .from(userDatabases)
    .where(inArray(userDatabases.uuid, uuids));
}

export async function dtmByUuid(db: Db, uuids: string[]): Promise<Owned[]> {
  if (uuids.length === 0) return [];
  return db
    .select({ id: dtmEntries.id, companyId: dtmEntries.companyId })
    .from(dtmEntries)
    .where(inArray(dtmEntries.uuid, uuids));
}

export async function reportsByUuid(db: Db, uuids: string[]): Promise<Owned[]> {
  if (uuids.length === 0) return [];
  return db
    .select({ id: iframeReports.id, companyId: iframeReports.companyId })
    .from(iframeReports)
    .where(inArray(iframeReports.uuid, uuids));
}

export async function existingGroupIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: iframeGroups.id }).from(iframeGroups).where(inArray(iframeGroups.id, ids));
  return rows.map((r) => r.id);
}

export async function replaceFarmPicks(tx: Db, userId: number, farmIds: number[]): Promise<void> {
  await tx.delete(userFarms).where(eq(userFarms.userId, userId));
  if (farmIds.length > 0) await tx.insert(userFarms).values(farmIds.map((farmId) => ({ userId, farmId })));
}

export async function replaceDatabases(tx: Db, userId: number, databaseIds: number[]): Promise<void> {
  await tx.delete(userDatabaseAccess).where(eq(userDatabaseAccess.userId, userId));
  if (databaseIds.length > 0) {
    await tx.insert(userDatabaseAccess).values(databaseIds.map((databaseId) => ({ userId, databaseId })));
  }
}

export async function replaceDtm(tx: Db, userId: number, dtmIds: number[]): Promise<void> {
  await tx.delete(userDtmAccess).where(eq(userDtmAccess.userId, userId));
  if (dtmIds.length > 0) await tx.insert(userDtmAccess).values(dtmIds.map((dtmEntryId) => ({ userId, dtmEntryId })));
}

export async function replaceReports(tx: Db, userId: number, reportIds: number[]): Promise<void> {
  await tx.delete(userIframeReports).where(eq(userIframeReports.userId, userId));
  if (reportIds.length > 0) {
    await tx.insert(userIframeReports).values(reportIds.map((reportId) => ({ userId, reportId })));
  }
}

export async function replaceIframeGroups(tx: Db, userId: number, groupIds: number[]): Promise<void> {
  await tx.delete(userIframeGroups).where(eq(userIframeGroups.userId, userId));
  if (groupIds.length > 0) await tx.insert(userIframeGroups).values(groupIds.map((groupId) => ({ userId, groupId })));
}

/**
 * Takes away what belongs to companies the user is no longer a member of: farm picks, databases,
 * DTM entries and company reports of other companies than `companyIds`.
 */
export async function dropOutsideCompanies(tx: Db, userId: number, companyIds: number[]): Promise<void> {
  const outside = (column: Column) => (companyIds.length === 0 ? sql`true` : notInArray(column, companyIds));
  await tx
    .delete(userFarms)
    .where(
      and(
        eq(userFarms.userId, userId),
        inArray(userFarms.farmId, tx.select({ id: farms.id }).from(farms).where(outside(farms.companyId))),
      ),
    );
  await tx
    .delete(userDatabaseAccess)
    .where(
      and(
        eq(userDatabaseAccess.userId, userId),
        inArray(
          userDatabaseAccess.databaseId,
          tx.select({ id: userDatabases.id }).from(userDatabases).where(outside(userDatabases.companyId)),
        ),
      ),
    );
  await tx
    .delete(userDtmAccess)
    .where(
      and(
        eq(userDtmAccess.userId, userId),
        inArray(
          userDtmAccess.dtmEntryId,
          tx.select({ id: dtmEntries.id }).from(dtmEntries).where(outside(dtmEntries.companyId)),
        ),
      ),
    );
  await tx.delete(userIframeReports).where(
    and(
      eq(userIframeReports.userId, userId),
      inArray(
        userIframeReports.reportId,
        tx
          .select({ id: iframeReports.id })
          .from(iframeReports)
          .where(and(isNotNull(iframeReports.companyId), outside(iframeReports.companyId))),
      ),
    ),
  );
}
