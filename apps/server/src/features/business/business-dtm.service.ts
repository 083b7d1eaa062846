import type { BusinessDtm } from "@nadoy/contract/business";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dtmEntries } from "../../db/schema/index.ts";
import { audit } from "../../platform/audit.ts";
import { violatedUniqueIndex } from "../../platform/unique-violation.ts";
import { dtmWithAccess, lockCompany, lockCompanyById } from "./business.repository.ts";
import * as repo from "./business-dtm.repository.ts";
import { type DtmWithIds, dtmFrom, dtmSnapshot, publicDtm } from "./business-dto.ts";
import { type Admin, conflict, DTM_CODE_TAKEN_TEXT, notFound } from "./business-rules.ts";

// DTM entries of a company (contract business.ts): add a code, change it, delete it. Writes lock
// the company first, as its other changes do, so the code check holds until the commit; the unique
// index (company, code) still ends a race past it, answered as the check would have. Each change
// and its audit entry ({id, before, after}) commit together.

async function loadDtm(db: Db, id: number): Promise<DtmWithIds> {
  const [entry] = dtmFrom(await dtmWithAccess(db, eq(dtmEntries.id, id)));
  if (!entry) throw notFound();
  return entry;
}

const taken = () => conflict("company_code", DTM_CODE_TAKEN_TEXT);

async function orTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    // "" when the driver does not name the index: the uuid is random, so it is this one.
    const index = violatedUniqueIndex(error);
    if (index === repo.DTM_UNIQUE_INDEX || index === "") throw taken();
    throw error;
  }
}

/** The entry, locked with its company for the rest of the transaction: 404 when either is gone. */
async function lockEntry(tx: Db, found: repo.DtmRecord) {
  const company = await lockCompanyById(tx, found.companyId);
  if (!company || !(await repo.lockDtm(tx, found.id))) throw notFound();
  return { company, before: await loadDtm(tx, found.id) };
}

export function createDtmService(db: Db) {
  async function find(uuid: string): Promise<repo.DtmRecord> {
    const found = await repo.findDtm(db, uuid);
    if (!found) throw notFound();
    return found;
  }

  return {
    /** 409 with fields.company_code when the company has the code already. */
    create(who: Admin, companyUuid: string, companyCode: string): Promise<BusinessDtm> {
      const work = db.transaction(async (tx) => {
        const company = await lockCompany(tx, companyUuid);
        if (!company) throw notFound();
        if (await repo.codeTaken(tx, company.id, companyCode)) throw taken();
        const id = await repo.insertDtm(tx, company.id, companyCode);
        const after = await loadDtm(tx, id);
        await audit(tx, {
          action: "dtm_created",
          userId: who.caller.id,
          ip: who.ip,
          details: { id, before: null, after: dtmSnapshot(after, company.name) },
        });
        return publicDtm(after);
      });
      return orTaken(work);
    },

    /** A new code; the users it is assigned to keep it. 409 when another entry of the company has it. */
    async update(who: Admin, uuid: string, companyCode: string): Promise<BusinessDtm> {
      const found = await find(uuid);
      const work = db.transaction(async (tx) => {
        const { company, before } = await lockEntry(tx, found);
        if (companyCode === before.company_code) return publicDtm(before);
        if (await repo.codeTaken(tx, company.id, companyCode, found.id)) throw taken();
        await repo.recodeDtm(tx, found.id, companyCode);
        const after = await loadDtm(tx, found.id);
        await audit(tx, {
          action: "dtm_updated",
          userId: who.caller.id,
          ip: who.ip,
          details: { id: found.id, before: dtmSnapshot(before, company.name), after: dtmSnapshot(after, company.name) },
        });
        return publicDtm(after);
      });
      return orTaken(work);
    },

    /** The users it was assigned to lose it (foreign key), in the same transaction. */
    async remove(who: Admin, uuid: string): Promise<void> {
      const found = await find(uuid);
      await db.transaction(async (tx) => {
        const { company, before } = await lockEntry(tx, found);
        await repo.deleteDtm(tx, found.id);
        await audit(tx, {
          action: "dtm_deleted",
          userId: who.caller.id,
          ip: who.ip,
          details: { id: found.id, before: dtmSnapshot(before, company.name), after: null },
        });
      });
    },
  };
}
