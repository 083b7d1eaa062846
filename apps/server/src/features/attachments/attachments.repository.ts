import type { Attachment } from "@nadoy/contract/attachments";
import { canManageContent, roleOf } from "@nadoy/contract/roles";
import { and, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { attachments } from "../../db/schema/index.ts";

// The SQL of uploading and downloading files (contract attachments.ts). Claiming, listing and
// pruning are shared with chat, boards and instructions: platform/attachments/attachments.repository.ts.

/** What the caller's files take now (contract attachments.ts, "Quotas"), in bytes. */
export interface Usage {
  unclaimed: number;
  user: number;
  /** The company new uploads are charged to, with its files' bytes; null for a user in no company. */
  company: { id: number; uuid: string; name: string; bytes: number } | null;
}

/**
 * The caller's usage in one query: three SUMs of `size`, each read from the index that starts with
 * its key (attachments_uploader_idx, attachments_unclaimed_uploader_idx, attachments_company_idx).
 * The charged company is the caller's company with the smallest id.
 */
export async function usageOf(db: Db, userId: number): Promise<Usage> {
  const [row] = await queryRows<{
    user_bytes: string | number;
    unclaimed_bytes: string | number;
    company_id: number | null;
    company_uuid: string | null;
    company_name: string | null;
    company_bytes: string | number | null;
  }>(
    db,
    sql`select
      (select coalesce(sum(a.size), 0)::bigint from attachments a where a.uploader_id = ${userId}) as user_bytes,
      (select coalesce(sum(a.size), 0)::bigint from attachments a
        where a.uploader_id = ${userId}
          and a.chat_message_id is null and a.task_id is null and a.instruction_id is null) as unclaimed_bytes,
      c.id as company_id, c.uuid as company_uuid, c.name as company_name,
      (select coalesce(sum(a.size), 0)::bigint from attachments a where a.company_id = c.id) as company_bytes
    from (select 1) as one
    left join lateral (
      select co.id, co.uuid, co.name from company_memberships m join companies co on co.id = m.company_id
      where m.user_id = ${userId} order by co.id limit 1
    ) as c on true`,
  );
  if (!row) throw new Error("usage query returned nothing");
  return {
    user: Number(row.user_bytes),
    unclaimed: Number(row.unclaimed_bytes),
    company:
      row.company_id === null || row.company_uuid === null || row.company_name === null
        ? null
        : { id: row.company_id, uuid: row.company_uuid, name: row.company_name, bytes: Number(row.company_bytes ?? 0) },
  };
}

// Two-key advisory locks (their own key space): the first key names what is locked, the second its id.
const USER_UPLOADS_LOCK = 74_236_615;
const COMPANY_UPLOADS_LOCK = 74_236_616;

/**
 * In the transaction that stores a file: takes turns with the same user's and then the same
 * company's other uploads (always in that order, so two uploads never wait for each other in a
 * circle), and answers the usage as it is now; until the commit no other upload of theirs can add
 * to it. The company is locked as the usage names it; a membership change in between could only
 * make the lock a different company's, and the next upload reads the new one.
 */
export async function lockUsage(tx: Db, userId: number): Promise<Usage> {
  await tx.execute(sql`select pg_advisory_xact_lock(${USER_UPLOADS_LOCK}::int, ${userId}::int)`);
  const before = await usageOf(tx, userId);
  if (!before.company) return before;
  await tx.execute(sql`select pg_advisory_xact_lock(${COMPANY_UPLOADS_LOCK}::int, ${before.company.id}::int)`);
  // Read again under the company's lock: another member may have stored a file meanwhile.
  return usageOf(tx, userId);
}

export async function insertAttachment(
  db: Db,
  values: { uploaderId: number; companyId: number | null; name: string; mime: string; data: Buffer },
): Promise<Attachment> {
  const [row] = await db
    .insert(attachments)
    .values({ ...values, size: values.data.length })
    .returning({ uuid: attachments.uuid, name: attachments.name, size: attachments.size, mime: attachments.mime });
  if (!row) throw new Error("attachment insert returned nothing");
  return row;
}

// Subqueries name their tables in full: drizzle leaves columns unqualified in single-table queries.
const MESSAGE_ID = sql.raw(`"attachments"."chat_message_id"`);
const TASK_ID = sql.raw(`"attachments"."task_id"`);
const INSTRUCTION_ID = sql.raw(`"attachments"."instruction_id"`);

/** The caller as the rules read it: the role is the first group (spec §6). */
export interface DownloadCaller {
  id: number;
  isSuperuser: boolean;
  groups: readonly number[];
  /** The admin's module switches: boards off means no task's files either. */
  modules: { boards: boolean };
}

/**
 * Who may download (contract attachments.ts): the uploader while the file is unattached; the
 * members of its message's chat while the message is not deleted; whoever may open its task's
 * board — a member of the board's company with boards switched on, or a superuser (contract
 * boards.ts: reading is for any member); whoever may read its instruction — published with the audience everyone or the caller's
 * role, and any instruction for its editors, superusers and role 2 (contract instructions.ts). The
 * board and instruction rules are restated here in SQL because features never import each other.
 */
function mayDownload(caller: DownloadCaller) {
  const uploaderOwn = sql`(${attachments.chatMessageId} is null and ${attachments.taskId} is null
    and ${attachments.instructionId} is null and ${attachments.uploaderId} = ${caller.id})`;
  const chatMember = sql`exists (
    select 1 from chat_messages m
    join chat_members cm on cm.chat_id = m.chat_id and cm.user_id = ${caller.id}
    where m.id = ${MESSAGE_ID} and m.deleted_at is null)`;
  const boardReader = caller.isSuperuser
    ? sql`${TASK_ID} is not null`
    : !caller.modules.boards
      ? sql`false`
      : sql`exists (
    select 1 from tasks t
    join boards b on b.id = t.board_id
    join workspaces w on w.id = b.workspace_id
    join company_memberships cm on cm.company_id = w.company_id and cm.user_id = ${caller.id}
    where t.id = ${TASK_ID})`;
  const role = roleOf(caller.groups) ?? null;
  const instructionReader = canManageContent({ is_superuser: caller.isSuperuser, groups: [...caller.groups] })
    ? sql`${INSTRUCTION_ID} is not null`
    : sql`exists (
    select 1 from instructions i
    where i.id = ${INSTRUCTION_ID} and i.published
      and (i.audience = 'all' or (i.audience = 'roles' and exists (
        select 1 from instruction_roles ir where ir.instruction_id = i.id and ir.role_id = ${role}::int))))`;
  return sql`(${uploaderOwn} or ${chatMember} or ${boardReader} or ${instructionReader})`;
}

/** The file with its bytes when the caller may download it; undefined otherwise (or when missing). */
export async function findDownloadable(db: Db, uuid: string, caller: DownloadCaller) {
  const [row] = await db
    .select({ name: attachments.name, mime: attachments.mime, data: attachments.data })
    .from(attachments)
    .where(and(eq(attachments.uuid, uuid), mayDownload(caller)))
    .limit(1);
  return row;
}
