import type { FarmWithCompany } from "@nadoy/contract/business";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { farms } from "../../db/schema/index.ts";
import { refuseSuperuserMemberChange } from "../../platform/access/superusers.ts";
import { audit } from "../../platform/audit.ts";
import { farmsWithPicks, findCompanyById, lockCompany, lockCompanyById } from "./business.repository.ts";
import { type FarmWithIds, farmSnapshot, farmsFrom, idsOf, publicFarm } from "./business-dto.ts";
import * as repo from "./business-farms.repository.ts";
import {
  type Admin,
  conflict,
  FARM_HAS_DATABASES_TEXT,
  FARM_NAME_TAKEN_TEXT,
  type MembersChanged,
  membersOnly,
  movedMembers,
  notFound,
} from "./business-rules.ts";

// Farms of a company (contract business.ts). A farm's writes lock its company first (as the
// company's own changes do), so names and member checks hold until the commit. Each change and
// its audit entry commit together.

export interface FarmFields {
  name?: string | undefined;
  use_genetic?: boolean | undefined;
  timezone?: string | undefined;
  user_ids?: number[] | undefined;
}

async function loadFarm(db: Db, id: number): Promise<{ farm: FarmWithIds; company: { uuid: string; name: string } }> {
  const [farm] = farmsFrom(await farmsWithPicks(db, eq(farms.id, id)));
  const company = farm && (await findCompanyById(db, farm.companyId));
  if (!farm || !company) throw notFound();
  return { farm, company: { uuid: company.uuid, name: company.name } };
}

const withCompany = ({ farm, company }: Awaited<ReturnType<typeof loadFarm>>): FarmWithCompany => ({
  ...publicFarm(farm),
  company,
});

const values = (fields: FarmFields): repo.FarmValues => ({
  ...(fields.name !== undefined && { name: fields.name }),
  ...(fields.use_genetic !== undefined && { useGenetic: fields.use_genetic }),
  ...(fields.timezone !== undefined && { timezone: fields.timezone }),
});

export function createFarmsService(db: Db, membersChanged: MembersChanged) {
  /** After the commit: the users picked or unpicked are told (their sockets follow). */
  const tell = async (before: readonly { id: number }[], after: readonly { id: number }[]) => {
    const moved = movedMembers(before, after);
    if (moved.length > 0) await membersChanged(moved);
  };

  return {
    async get(uuid: string): Promise<FarmWithCompany> {
      const found = await repo.findFarm(db, uuid);
      if (!found) throw notFound();
      return withCompany(await loadFarm(db, found.id));
    },

    /**
     * 409 when the company has a farm of that name; picked users must be its members (400); only
     * superusers pick or unpick a superuser (403), here and in update.
     */
    async create(who: Admin, companyUuid: string, fields: FarmFields & { name: string }): Promise<FarmWithCompany> {
      const created = await db.transaction(async (tx) => {
        const company = await lockCompany(tx, companyUuid);
        if (!company) throw notFound();
        if (await repo.farmNameTaken(tx, company.id, fields.name)) throw conflict("name", FARM_NAME_TAKEN_TEXT);
        const userIds = await membersOnly(tx, company.id, fields.user_ids ?? []);
        await refuseSuperuserMemberChange(tx, who.caller, [], userIds);
        const id = await repo.insertFarm(tx, { ...values(fields), name: fields.name, companyId: company.id });
        await repo.replaceFarmPicks(tx, id, userIds);
        const after = await loadFarm(tx, id);
        await audit(tx, {
          action: "farm_created",
          userId: who.caller.id,
          ip: who.ip,
          details: { id, before: null, after: farmSnapshot(after.farm, company.name) },
        });
        return withCompany(after);
      });
      await tell([], created.users);
      return created;
    },

    /** Only the fields sent change; `user_ids` is the full set of members picked for it. */
    async update(who: Admin, uuid: string, fields: FarmFields): Promise<FarmWithCompany> {
      const found = await repo.findFarm(db, uuid);
      if (!found) throw notFound();
      const [before, after] = await db.transaction(async (tx) => {
        const company = await lockCompanyById(tx, found.companyId);
        if (!company || !(await repo.lockFarm(tx, found.id))) throw notFound();
        const before = await loadFarm(tx, found.id);
        if (
          fields.name !== undefined &&
          fields.name.toLowerCase() !== before.farm.name.toLowerCase() &&
          (await repo.farmNameTaken(tx, company.id, fields.name, found.id))
        ) {
          throw conflict("name", FARM_NAME_TAKEN_TEXT);
        }
        const userIds = fields.user_ids && (await membersOnly(tx, company.id, fields.user_ids));
        if (userIds) await refuseSuperuserMemberChange(tx, who.caller, idsOf(before.farm.users), userIds);
        await repo.updateFarm(tx, found.id, values(fields));
        if (userIds) await repo.replaceFarmPicks(tx, found.id, userIds);
        const after = await loadFarm(tx, found.id);
        const [was, now] = [farmSnapshot(before.farm, company.name), farmSnapshot(after.farm, company.name)];
        if (JSON.stringify(was) !== JSON.stringify(now)) {
          await audit(tx, {
            action: "farm_updated",
            userId: who.caller.id,
            ip: who.ip,
            details: { id: found.id, before: was, after: now },
          });
        }
        return [withCompany(before), withCompany(after)] as const;
      });
      await tell(before.users, after.users);
      return after;
    },

    /** 409 while a database is tied to it; its farm picks go with it. */
    async remove(who: Admin, uuid: string): Promise<void> {
      const found = await repo.findFarm(db, uuid);
      if (!found) throw notFound();
      const before = await db.transaction(async (tx) => {
        const company = await lockCompanyById(tx, found.companyId);
        if (!company || !(await repo.lockFarm(tx, found.id))) throw notFound();
        if ((await repo.farmDatabaseCount(tx, found.id)) > 0) throw conflict("databases", FARM_HAS_DATABASES_TEXT);
        const before = await loadFarm(tx, found.id);
        await repo.deleteFarm(tx, found.id);
        await audit(tx, {
          action: "farm_deleted",
          userId: who.caller.id,
          ip: who.ip,
          details: { id: found.id, before: farmSnapshot(before.farm, company.name), after: null },
        });
        return withCompany(before);
      });
      await tell(before.users, []);
    },
  };
}
