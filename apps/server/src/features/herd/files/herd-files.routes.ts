import { deleteHerdFile, downloadHerdFile, listHerdFiles, rerunHerdFile } from "@nadoy/contract/herd-files";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../app-deps.ts";
import { runImport } from "../../../platform/imports/import-gate.ts";
import { privateFile } from "../../../platform/private-file.ts";
import { registerRoute as route } from "../../../platform/routes.ts";
import { createHerdFilesService } from "./herd-files.service.ts";
import { rerunFile } from "./rerun-file.ts";

/** The kept herd files (contract herd-files.ts): list, download, delete, check again (after herdUploadRoutes). */
export function herdFilesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const files = createHerdFilesService(db, config.DATA_DIR, config.HERD_FILES_COMPANY_BYTES_MAX);

  route(app, db, listHerdFiles, ({ user }) => files.list(user));

  // The file is the answer, streamed: Fastify sends a stream as it reads.
  route(app, db, downloadHerdFile, async ({ user, params, reply }) => {
    const file = await files.download(user, params.upload_uuid);
    privateFile(reply, { contentType: "application/octet-stream", disposition: file.disposition, size: file.size });
    return file.body;
  });

  route(app, db, deleteHerdFile, ({ user, params }) => files.delete(user, params.upload_uuid));

  // One import at a time per user, as uploads run; the phases go to the upload routes' progress.
  const stage = {
    db,
    dbKind: deps.dbKind,
    dataDir: config.DATA_DIR,
    maxBytes: config.HERD_UPLOAD_MAX_BYTES,
    quotaBytes: config.HERD_FILES_COMPANY_BYTES_MAX,
    progress: app.herdUploadProgress,
  };
  route(app, db, rerunHerdFile, ({ user, params, query }) =>
    runImport(deps.imports, user.id, () => rerunFile(stage, user, params.upload_uuid, query.progress_id)),
  );
}
