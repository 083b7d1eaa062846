import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import type { HerdFile, HerdFiles } from "@nadoy/contract/herd-files";
import { ADMIN_ROLES, roleOf } from "@nadoy/contract/roles";
import type { Db } from "../../../db/client.ts";
import type { AuthUser } from "../../../platform/auth/guard.ts";
import { attachmentDisposition } from "../../../platform/content-disposition.ts";
import { notFound } from "../herd-access.ts";
import { personOut } from "../herd-dto.ts";
import { removeUploadFile } from "../upload/upload-files.ts";
import * as repo from "./herd-files.repository.ts";

// The kept herd files (contract herd-files.ts): the list with each company's usage, the file's
// bytes streamed from the disk, and deleting a file (the upload record and its data stay).

export function filesCaller(user: AuthUser): repo.FilesCaller {
  const role = roleOf(user.groups);
  const admin = role !== undefined && (ADMIN_ROLES as readonly number[]).includes(role);
  return { id: user.id, isSuperuser: user.isSuperuser, seesAll: user.isSuperuser || admin };
}

function fileOut(r: repo.FileRow, caller: repo.FilesCaller): HerdFile {
  return {
    upload_uuid: r.upload_uuid,
    database: { uuid: r.database_uuid, name: r.database_name },
    user: personOut(r),
    file_name: r.file_name,
    size_bytes: Number(r.size_bytes),
    format: r.format as HerdFile["format"],
    kind: r.kind as HerdFile["kind"],
    status: r.status as HerdFile["status"],
    created_at: r.created_at,
    // Whoever sees a file may delete it: their own, or every file for admins and superusers.
    can_delete: caller.seesAll || r.user_id === caller.id,
  };
}

/** The kept file the caller sees, with its path and size on the disk; 404 otherwise (gone from the disk too). */
export async function openKeptFile(db: Db, dataDir: string, user: AuthUser, uploadUuid: string) {
  const file = await repo.findFile(db, filesCaller(user), uploadUuid);
  if (!file) throw notFound();
  const path = join(dataDir, file.fileKey);
  const size = await stat(path).then(
    (s) => s.size,
    () => undefined,
  );
  if (size === undefined) throw notFound();
  return { file, path, size };
}

export interface HerdFileDownload {
  body: Readable;
  size: number;
  disposition: string;
}

export function createHerdFilesService(db: Db, dataDir: string, limitBytes: number) {
  return {
    async list(user: AuthUser): Promise<HerdFiles> {
      const caller = filesCaller(user);
      const [companies, items] = await Promise.all([repo.companiesUsage(db, caller), repo.listFiles(db, caller)]);
      return {
        companies: companies.map((c) => ({
          uuid: c.uuid,
          name: c.name,
          used_bytes: Number(c.used_bytes),
          limit_bytes: limitBytes,
        })),
        items: items.map((r) => fileOut(r, caller)),
      };
    },

    /** The file as a stream from the disk; 404 when not the caller's to see, not kept, or gone from the disk. */
    async download(user: AuthUser, uploadUuid: string): Promise<HerdFileDownload> {
      const { file, path, size } = await openKeptFile(db, dataDir, user, uploadUuid);
      return { body: createReadStream(path), size, disposition: attachmentDisposition(file.fileName) };
    },

    /** Forgets the file, then removes it from the disk; a file deleted already is 404. */
    async delete(user: AuthUser, uploadUuid: string): Promise<void> {
      const file = await repo.findFile(db, filesCaller(user), uploadUuid);
      if (!file || !(await repo.forgetFile(db, file))) throw notFound();
      await removeUploadFile(dataDir, file.fileKey);
    },
  };
}
