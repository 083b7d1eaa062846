import type { Attachment } from "@nadoy/contract/attachments";
import { canManageContent, roleOf } from "@nadoy/contract/roles";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attachments } from "../../db/schema/index.ts";

// The SQL of uploading and downloading files (contract attachments.ts). Claiming, listing and
// pruning are shared with chat, boards and instructions: platform/attachments/attachments.repository.ts.

export async function insertAttachment(
  db: Db,
  values: { uploaderId: number; name: string; mime: string; data: Buffer },
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
