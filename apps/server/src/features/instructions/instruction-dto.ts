import type { Attachment } from "@nadoy/contract/attachments";
import type { InstructionAudience, ManagedInstruction } from "@nadoy/contract/instructions";
import type { RoleId } from "@nadoy/contract/roles";
import { displayName } from "@nadoy/contract/users";
import type { ManagedRow } from "./instructions-manage.repository.ts";

// Rows → the contract's shapes (contract instructions.ts), and what the audit log keeps.

function audienceOf(kind: string, roles: number[]): InstructionAudience {
  return kind === "roles" ? { kind: "roles", roles: roles as RoleId[] } : { kind: "all" };
}

export function managedInstruction(row: ManagedRow, roles: number[], files: Attachment[]): ManagedInstruction {
  return {
    uuid: row.uuid,
    title: row.title,
    body: row.body,
    attachments: files,
    position: row.position,
    published: row.published,
    audience: audienceOf(row.audience, roles),
    updated_by:
      row.updaterId === null || row.updaterUsername === null
        ? null
        : {
            id: row.updaterId,
            name: displayName({
              username: row.updaterUsername,
              first_name: row.updaterFirstName ?? "",
              last_name: row.updaterLastName ?? "",
            }),
          },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an article, before and after a change: everything an editor can set. */
export function auditSnapshot(item: ManagedInstruction) {
  return {
    uuid: item.uuid,
    title: item.title,
    body: item.body,
    published: item.published,
    audience: item.audience,
    position: item.position,
    attachments: item.attachments.map((file) => ({ uuid: file.uuid, name: file.name })),
  };
}
