import type { UserAccess } from "@nadoy/contract/admin-users";
import type { Db } from "../../db/client.ts";
import { validationError } from "../../platform/errors.ts";
import * as repo from "./user-access.repository.ts";

// What an admin gives a user besides companies (contract admin-users.ts): each field, when sent,
// is the full new set. Farms, databases and DTM entries must belong to one of the user's companies
// after the change, a company's report only goes to its members; unknown ones are 400 with the
// field. When the companies change, what belongs to the companies left behind goes with them.

export const FARM_MISSING_TEXT = "Некоторых ферм больше нет — обновите страницу";
export const FARM_OUTSIDE_TEXT = "Ферму можно выбрать только в компаниях пользователя";
export const DATABASE_MISSING_TEXT = "Некоторых баз данных больше нет — обновите страницу";
export const DATABASE_OUTSIDE_TEXT = "Базу данных можно дать только пользователю её компании";
export const DTM_MISSING_TEXT = "Некоторых кодов DTM больше нет — обновите страницу";
export const DTM_OUTSIDE_TEXT = "Код DTM можно дать только пользователю его компании";
export const REPORT_MISSING_TEXT = "Некоторых отчётов больше нет — обновите страницу";
export const REPORT_OUTSIDE_TEXT = "Отчёт компании можно дать только пользователю этой компании";
export const GROUP_MISSING_TEXT = "Некоторых групп отчётов больше нет — обновите страницу";

export interface AccessInput {
  farm_uuids?: string[] | undefined;
  database_uuids?: string[] | undefined;
  dtm_uuids?: string[] | undefined;
  report_uuids?: string[] | undefined;
  iframe_group_ids?: number[] | undefined;
}

/** Whether the input sends any access field. */
export const sendsAccess = (input: AccessInput): boolean =>
  input.farm_uuids !== undefined ||
  input.database_uuids !== undefined ||
  input.dtm_uuids !== undefined ||
  input.report_uuids !== undefined ||
  input.iframe_group_ids !== undefined;

/** The ids of what was sent, each found and within the companies; throws 400 naming every bad field. */
async function resolve(tx: Db, input: AccessInput, companyIds: number[]) {
  const fields: Record<string, string> = {};
  const companies = new Set(companyIds);

  async function owned(
    field: string,
    uuids: string[] | undefined,
    find: (db: Db, uuids: string[]) => Promise<repo.Owned[]>,
    texts: { missing: string; outside: string },
  ): Promise<number[] | undefined> {
    if (uuids === undefined) return undefined;
    const unique = [...new Set(uuids)];
    const rows = await find(tx, unique);
    if (rows.length !== unique.length) fields[field] = texts.missing;
    else if (rows.some((r) => r.companyId !== null && !companies.has(r.companyId))) fields[field] = texts.outside;
    return rows.map((r) => r.id);
  }

  const farmIds = await owned("farm_uuids", input.farm_uuids, repo.farmsByUuid, {
    missing: FARM_MISSING_TEXT,
    outside: FARM_OUTSIDE_TEXT,
  });
  const databaseIds = await owned("database_uuids", input.database_uuids, repo.databasesByUuid, {
    missing: DATABASE_MISSING_TEXT,
    outside: DATABASE_OUTSIDE_TEXT,
  });
  const dtmIds = await owned("dtm_uuids", input.dtm_uuids, repo.dtmByUuid, {
    missing: DTM_MISSING_TEXT,
    outside: DTM_OUTSIDE_TEXT,
  });
  const reportIds = await owned("report_uuids", input.report_uuids, repo.reportsByUuid, {
    missing: REPORT_MISSING_TEXT,
    outside: REPORT_OUTSIDE_TEXT,
  });
  let groupIds: number[] | undefined;
  if (input.iframe_group_ids !== undefined) {
    const unique = [...new Set(input.iframe_group_ids)];
    groupIds = await repo.existingGroupIds(tx, unique);
    if (groupIds.length !== unique.length) fields.iframe_group_ids = GROUP_MISSING_TEXT;
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return { farmIds, databaseIds, dtmIds, reportIds, groupIds };
}

/**
 * Applies the access fields sent, in the caller's transaction, for a user whose companies are
 * `companyIds` after the change. `companiesChanged`: first drop what belongs to other companies.
 */
export async function applyAccess(
  tx: Db,
  userId: number,
  input: AccessInput,
  companyIds: number[],
  companiesChanged: boolean,
): Promise<void> {
  const ids = await resolve(tx, input, companyIds);
  if (companiesChanged) await repo.dropOutsideCompanies(tx, userId, companyIds);
  if (ids.farmIds) await repo.replaceFarmPicks(tx, userId, ids.farmIds);
  if (ids.databaseIds) await repo.replaceDatabases(tx, userId, ids.databaseIds);
  if (ids.dtmIds) await repo.replaceDtm(tx, userId, ids.dtmIds);
  if (ids.reportIds) await repo.replaceReports(tx, userId, ids.reportIds);
  if (ids.groupIds) await repo.replaceIframeGroups(tx, userId, ids.groupIds);
}

/** What the audit log keeps of a user's access: names, as a person reads them. */
export function accessSnapshot(access: UserAccess): Record<string, unknown> {
  return {
    farms: access.farms.map((f) => f.name),
    databases: access.databases.map((d) => d.name),
    dtm: access.dtm.map((d) => d.company_code),
    reports: access.reports.map((r) => r.title),
    iframe_groups: access.iframe_groups.map((g) => g.title),
  };
}

export const accessOf = repo.accessOf;
export const companyIdsOfUser = repo.companyIdsOfUser;
