import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { InstructionAudience, ManagedInstruction } from "@nadoy/contract/instructions";
import type { Db } from "../../db/client.ts";
import {
  attachmentsOfInstructions,
  setInstructionAttachments,
} from "../../platform/attachments/attachments.repository.ts";
import { type AuditAction, audit } from "../../platform/audit.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import { plainTextOf, sanitizeContentHtml } from "../../platform/rich-text.ts";
import { auditSnapshot, managedInstruction } from "./instruction-dto.ts";
import * as repo from "./instructions-manage.repository.ts";

// Editors' articles (contract instructions.ts): create (after the last one), change, delete,
// reorder. Each change, its files and its audit entry ({id, before, after}) commit together; a
// refused change (a file that is not the caller's upload, a partial order, a missing article)
// throws inside the transaction and writes nothing.

export const INSTRUCTION_ORDER_TEXT = "Порядок устарел: обновите список инструкций и попробуйте ещё раз";

const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

export interface InstructionFields {
  title?: string;
  body?: string;
  published?: boolean;
  audience?: InstructionAudience;
  attachment_uuids?: string[];
}

/** The input as column values: the body sanitised exactly as news bodies, with its plain text. */
function columnsOf(fields: InstructionFields) {
  const values: repo.InstructionValues = {};
  if (fields.title !== undefined) values.title = fields.title;
  if (fields.body !== undefined) {
    values.body = sanitizeContentHtml(fields.body);
    values.plainText = plainTextOf(values.body);
  }
  if (fields.published !== undefined) values.published = fields.published;
  let roles: number[] | undefined;
  if (fields.audience !== undefined) {
    values.audience = fields.audience.kind;
    roles = fields.audience.kind === "roles" ? [...new Set(fields.audience.roles)] : [];
  }
  return { values, roles };
}

async function load(db: Db, id: number): Promise<ManagedInstruction | undefined> {
  const row = await repo.findInstruction(db, id);
  if (!row) return undefined;
  const roles = await repo.audienceRoles(db, [id]);
  const files = await attachmentsOfInstructions(db, [id]);
  return managedInstruction(row, roles.get(id) ?? [], files.get(id) ?? []);
}

async function mustLoad(db: Db, id: number): Promise<ManagedInstruction> {
  const item = await load(db, id);
  if (!item) throw notFound();
  return item;
}

interface Editor {
  caller: AuthUser;
  ip: string;
}

export function createInstructionsManageService(db: Db) {
  /** Writes the audience roles and files of article `id` (locked, or new). */
  async function applyRelated(tx: Db, who: Editor, id: number, fields: InstructionFields, roles: number[] | undefined) {
    if (roles !== undefined) await repo.replaceRoles(tx, id, roles);
    if (fields.attachment_uuids !== undefined) {
      await setInstructionAttachments(tx, who.caller.id, id, fields.attachment_uuids);
    }
  }

  async function entry(tx: Db, who: Editor, action: AuditAction, details: Record<string, unknown>) {
    await audit(tx, { action, userId: who.caller.id, ip: who.ip, details });
  }

  return {
    /** Every article in order, drafts too, without bodies and files. */
    async list(): Promise<Omit<ManagedInstruction, "body" | "attachments">[]> {
      const rows = await repo.allInstructions(db);
      const roles = await repo.audienceRoles(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => {
        const { body: _body, attachments: _files, ...item } = managedInstruction(row, roles.get(row.id) ?? [], []);
        return item;
      });
    },

    async get(uuid: string): Promise<ManagedInstruction> {
      const id = await repo.instructionId(db, uuid);
      if (id === undefined) throw notFound();
      return mustLoad(db, id);
    },

    /** A new article after the last one. */
    create(who: Editor, fields: InstructionFields & { title: string }): Promise<ManagedInstruction> {
      return db.transaction(async (tx) => {
        await repo.lockOrder(tx);
        const { values, roles } = columnsOf(fields);
        const id = await repo.insertInstruction(tx, { ...values, title: fields.title }, who.caller.id);
        await applyRelated(tx, who, id, fields, roles);
        const after = await mustLoad(tx, id);
        await entry(tx, who, "instruction_created", { id, before: null, after: auditSnapshot(after) });
        return after;
      });
    },

    update(who: Editor, uuid: string, fields: InstructionFields): Promise<ManagedInstruction> {
      return db.transaction(async (tx) => {
        const id = await repo.lockInstruction(tx, uuid);
        if (id === undefined) throw notFound();
        const before = await mustLoad(tx, id);
        const { values, roles } = columnsOf(fields);
        await repo.updateInstruction(tx, id, values, who.caller.id);
        await applyRelated(tx, who, id, fields, roles);
        const after = await mustLoad(tx, id);
        await entry(tx, who, "instruction_updated", {
          id,
          before: auditSnapshot(before),
          after: auditSnapshot(after),
        });
        return after;
      });
    },

    /** Deletes the article with its files. */
    async remove(who: Editor, uuid: string): Promise<void> {
      await db.transaction(async (tx) => {
        const id = await repo.lockInstruction(tx, uuid);
        if (id === undefined) throw notFound();
        const before = await mustLoad(tx, id);
        await repo.deleteInstruction(tx, id);
        await entry(tx, who, "instruction_deleted", { id, before: auditSnapshot(before), after: null });
      });
    },

    /** The new order: every article's uuid exactly once, or 400 and nothing changes. */
    async reorder(who: Editor, uuids: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.lockOrder(tx);
        const rows = await repo.orderRows(tx);
        const byUuid = new Map(rows.map((row) => [row.uuid, row]));
        const given = new Set(uuids);
        const complete =
          given.size === uuids.length && uuids.length === rows.length && uuids.every((uuid) => byUuid.has(uuid));
        if (!complete) throw validationError({ uuids: INSTRUCTION_ORDER_TEXT }, INSTRUCTION_ORDER_TEXT);
        const ordered = uuids.map((uuid) => byUuid.get(uuid) as (typeof rows)[number]);
        await repo.setOrder(
          tx,
          ordered.map((row) => row.id),
        );
        const titles = (list: typeof rows) => list.map((row) => ({ uuid: row.uuid, title: row.title }));
        await entry(tx, who, "instructions_reordered", { id: null, before: titles(rows), after: titles(ordered) });
      });
    },
  };
}
