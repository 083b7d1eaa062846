import { BUSINESS_PAGE_SIZE, type Business, type BusinessRow } from "@nadoy/contract/business";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dtmEntries, farms, userDatabases } from "../../db/schema/index.ts";
import { refuseSuperuserMemberChange } from "../../platform/access/superusers.ts";
import { audit } from "../../platform/audit.ts";
import * as repo from "./business.repository.ts";
import {
  businessSnapshot,
  databasesFrom,
  dtmFrom,
  farmsFrom,
  publicDatabase,
  publicDtm,
  publicFarm,
  userRef,
} from "./business-dto.ts";
import {
  type Admin,
  COMPANY_HAS_DATABASES_TEXT,
  COMPANY_NAME_TAKEN_TEXT,
  conflict,
  existingUsers,
  type MembersChanged,
  movedMembers,
  notFound,
} from "./business-rules.ts";

// Companies (contract business.ts): list, one with farms, members, databases and DTM entries,
// create, rename and set members, delete. Each change and its audit entry ({id, before, after}) commit together;
// a refused change throws inside the transaction and writes nothing.

/** One company with its farms (and picks), members, databases and DTM entries (and their users): four queries. */
export async function loadBusiness(db: Db, company: repo.CompanyRow): Promise<Business> {
  // One after the other: inside a transaction they share one connection anyway.
  const farmRows = await repo.farmsWithPicks(db, eq(farms.companyId, company.id));
  const members = await repo.companyMembers(db, company.id);
  const databaseRows = await repo.databasesWithAccess(db, eq(userDatabases.companyId, company.id));
  const dtmRows = await repo.dtmWithAccess(db, eq(dtmEntries.companyId, company.id));
  return {
    uuid: company.uuid,
    name: company.name,
    farms: farmsFrom(farmRows).map(publicFarm),
    users: members.map(userRef).filter((u) => u !== undefined),
    databases: databasesFrom(databaseRows).map(publicDatabase),
    dtm: dtmFrom(dtmRows).map(publicDtm),
  };
}

export function createBusinessService(db: Db, membersChanged: MembersChanged) {
  /**
   * A change of an existing company: locked, loaded before and after, audited in the same
   * transaction; who joined or left is told after the commit.
   */
  async function change(who: Admin, uuid: string, apply: (tx: Db, company: repo.CompanyRow) => Promise<void>) {
    const { before, after } = await db.transaction(async (tx) => {
      const company = await repo.lockCompany(tx, uuid);
      if (!company) throw notFound();
      const before = await loadBusiness(tx, company);
      await apply(tx, company);
      const renamed = await repo.findCompanyById(tx, company.id);
      if (!renamed) throw notFound();
      const after = await loadBusiness(tx, renamed);
      const [was, now] = [businessSnapshot(before), businessSnapshot(after)];
      if (JSON.stringify(was) !== JSON.stringify(now)) {
        await audit(tx, {
          action: "business_updated",
          userId: who.caller.id,
          ip: who.ip,
          details: { id: company.id, before: was, after: now },
        });
      }
      return { before, after };
    });
    const moved = movedMembers(before.users, after.users);
    if (moved.length > 0) await membersChanged(moved);
    return after;
  }

  return {
    async list(query: {
      q: string;
      page: number;
    }): Promise<{ items: BusinessRow[]; total: number; page: number; page_size: number }> {
      const { rows, total } = await repo.listCompanies(
        db,
        query.q,
        BUSINESS_PAGE_SIZE,
        (query.page - 1) * BUSINESS_PAGE_SIZE,
      );
      return { items: rows, total, page: query.page, page_size: BUSINESS_PAGE_SIZE };
    },

    async get(uuid: string): Promise<Business> {
      const company = await repo.findCompany(db, uuid);
      if (!company) throw notFound();
      return loadBusiness(db, company);
    },

    /** 409 when a company of that name exists, in any letter case. */
    create(who: Admin, name: string): Promise<Business> {
      return db.transaction(async (tx) => {
        await repo.lockCompanyNames(tx);
        if (await repo.companyNameTaken(tx, name)) throw conflict("name", COMPANY_NAME_TAKEN_TEXT);
        const company = await repo.insertCompany(tx, name);
        const after = await loadBusiness(tx, company);
        await audit(tx, {
          action: "business_created",
          userId: who.caller.id,
          ip: who.ip,
          details: { id: company.id, before: null, after: businessSnapshot(after) },
        });
        return after;
      });
    },

    /**
     * `user_ids` is the full member set: who leaves loses their farm picks, databases, DTM entries
     * and reports of it. Only superusers add or remove a superuser (403, nothing changes).
     */
    update(who: Admin, uuid: string, body: { name?: string | undefined; user_ids?: number[] | undefined }) {
      return change(who, uuid, async (tx, company) => {
        if (body.name !== undefined && body.name !== company.name) {
          await repo.lockCompanyNames(tx);
          if (await repo.companyNameTaken(tx, body.name, company.id)) throw conflict("name", COMPANY_NAME_TAKEN_TEXT);
          await repo.renameCompany(tx, company.id, body.name);
        }
        if (body.user_ids !== undefined) {
          const userIds = await existingUsers(tx, body.user_ids);
          await refuseSuperuserMemberChange(tx, who.caller, await repo.memberIds(tx, company.id), userIds);
          await repo.replaceMembers(tx, company.id, userIds);
        }
      });
    },

    /** 409 while it has databases; its farms, memberships, farm picks and DTM entries go with it. */
    async remove(who: Admin, uuid: string): Promise<void> {
      const before = await db.transaction(async (tx) => {
        const company = await repo.lockCompany(tx, uuid);
        if (!company) throw notFound();
        if ((await repo.databaseCount(tx, company.id)) > 0) throw conflict("databases", COMPANY_HAS_DATABASES_TEXT);
        const before = await loadBusiness(tx, company);
        await repo.deleteCompany(tx, company.id);
        await audit(tx, {
          action: "business_deleted",
          userId: who.caller.id,
          ip: who.ip,
          details: { id: company.id, before: businessSnapshot(before), after: null },
        });
        return before;
      });
      const moved = movedMembers(before.users, []);
      if (moved.length > 0) await membersChanged(moved);
    },
  };
}
