import type { BusinessDatabase } from "@nadoy/contract/business";
import type { DatabaseKind } from "@nadoy/contract/users";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { userDatabases } from "../../db/schema/index.ts";
import { refuseSuperuserMemberChange } from "../../platform/access/superusers.ts";
import { audit } from "../../platform/audit.ts";
import { validationError } from "../../platform/errors.ts";
import { violatedUniqueIndex } from "../../platform/unique-violation.ts";
import { databasesWithAccess, lockCompany, lockCompanyById } from "./business.repository.ts";
import * as repo from "./business-databases.repository.ts";
import { type DatabaseWithIds, databaseSnapshot, databasesFrom, idsOf, publicDatabase } from "./business-dto.ts";
import {
  type Admin,
  conflict,
  DATABASE_TAKEN_TEXT,
  FARM_NOT_IN_COMPANY_TEXT,
  membersOnly,
  notFound,
} from "./business-rules.ts";

// User databases of a company (contract business.ts): register, change, switch on or off, assign
// to members. Writes lock the company first, as its other changes do. server + db_name is unique
// (an index): a race past the check ends there and is answered as the check would have.

export interface DatabaseFields {
  name?: string | undefined;
  server?: string | undefined;
  db_name?: string | undefined;
  active?: boolean | undefined;
  kind?: DatabaseKind | undefined;
  farm_uuid?: string | null | undefined;
  user_ids?: number[] | undefined;
}

async function loadDatabase(db: Db, id: number): Promise<DatabaseWithIds> {
  const [database] = databasesFrom(await databasesWithAccess(db, eq(userDatabases.id, id)));
  if (!database) throw notFound();
  return database;
}

/** The farm as an id of the company's farm: 400 with fields.farm_uuid otherwise. */
async function farmIdOf(tx: Db, farmUuid: string | null | undefined, companyId: number) {
  if (farmUuid === undefined || farmUuid === null) return farmUuid;
  const id = await repo.farmOfCompany(tx, farmUuid, companyId);
  if (id === undefined) throw validationError({ farm_uuid: FARM_NOT_IN_COMPANY_TEXT });
  return id;
}

const taken = () => conflict("db_name", DATABASE_TAKEN_TEXT);

async function orTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    // "" when the driver does not name the index: the uuid is random, so it is this one.
    const index = violatedUniqueIndex(error);
    if (index === repo.DATABASE_UNIQUE_INDEX || index === "") throw taken();
    throw error;
  }
}

export function createDatabasesService(db: Db) {
  return {
    /**
     * 409 with fields.db_name when server + db_name is registered already; only superusers give a
     * database to a superuser or take it away (403), here and in update.
     */
    create(
      who: Admin,
      companyUuid: string,
      fields: DatabaseFields & { name: string; server: string; db_name: string; kind: DatabaseKind },
    ): Promise<BusinessDatabase> {
      const work = db.transaction(async (tx) => {
        const company = await lockCompany(tx, companyUuid);
        if (!company) throw notFound();
        const farmId = await farmIdOf(tx, fields.farm_uuid, company.id);
        const userIds = await membersOnly(tx, company.id, fields.user_ids ?? []);
        await refuseSuperuserMemberChange(tx, who.caller, [], userIds);
        if (await repo.databaseTaken(tx, fields.server, fields.db_name)) throw taken();
        const id = await repo.insertDatabase(tx, {
          companyId: company.id,
          name: fields.name,
          server: fields.server,
          dbName: fields.db_name,
          active: fields.active ?? true,
          kind: fields.kind,
          farmId: farmId ?? null,
        });
        await repo.replaceDatabaseUsers(tx, id, userIds);
        const after = await loadDatabase(tx, id);
        await audit(tx, {
          action: "database_created",
          userId: who.caller.id,
          ip: who.ip,
          details: { id, before: null, after: databaseSnapshot(after, company.name) },
        });
        return publicDatabase(after);
      });
      return orTaken(work);
    },

    /** Only the fields sent change; `user_ids` is the full set of members it is assigned to. */
    async update(who: Admin, uuid: string, fields: DatabaseFields): Promise<BusinessDatabase> {
      const found = await repo.findDatabase(db, uuid);
      if (!found) throw notFound();
      const work = db.transaction(async (tx) => {
        const company = await lockCompanyById(tx, found.companyId);
        if (!company || !(await repo.lockDatabase(tx, found.id))) throw notFound();
        const before = await loadDatabase(tx, found.id);
        const farmId = await farmIdOf(tx, fields.farm_uuid, company.id);
        const userIds = fields.user_ids && (await membersOnly(tx, company.id, fields.user_ids));
        if (userIds) await refuseSuperuserMemberChange(tx, who.caller, idsOf(before.users), userIds);
        const server = fields.server ?? before.server;
        const dbName = fields.db_name ?? before.db_name;
        if (
          (server !== before.server || dbName !== before.db_name) &&
          (await repo.databaseTaken(tx, server, dbName, found.id))
        ) {
          throw taken();
        }
        await repo.updateDatabase(tx, found.id, {
          ...(fields.name !== undefined && { name: fields.name }),
          ...(fields.server !== undefined && { server: fields.server }),
          ...(fields.db_name !== undefined && { dbName: fields.db_name }),
          ...(fields.active !== undefined && { active: fields.active }),
          ...(fields.kind !== undefined && { kind: fields.kind }),
          ...(farmId !== undefined && { farmId }),
        });
        if (userIds) await repo.replaceDatabaseUsers(tx, found.id, userIds);
        const after = await loadDatabase(tx, found.id);
        const [was, now] = [databaseSnapshot(before, company.name), databaseSnapshot(after, company.name)];
        if (JSON.stringify(was) !== JSON.stringify(now)) {
          await audit(tx, {
            action: "database_updated",
            userId: who.caller.id,
            ip: who.ip,
            details: { id: found.id, before: was, after: now },
          });
        }
        return publicDatabase(after);
      });
      return orTaken(work);
    },
  };
}
