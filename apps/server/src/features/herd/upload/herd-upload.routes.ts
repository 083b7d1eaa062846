import { Readable } from "node:stream";
import { commitHerdUpload, getHerdUploadProgress, uploadHerdFile } from "@nadoy/contract/herd";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../app-deps.ts";
import { runImport } from "../../../platform/imports/import-gate.ts";
import { registerRoute } from "../../../platform/routes.ts";
import { notFound } from "../herd-access.ts";
import { newUploadReader, spreadsheetKind } from "../spreadsheet/spreadsheet-reader.ts";
import { commitUpload } from "./commit-upload.ts";
import { stageUpload, tooLarge } from "./stage-upload.ts";
import { uploadFor, uploadTarget } from "./upload-access.ts";
import { createUploadProgress, type UploadProgress } from "./upload-progress.ts";
import { dc305Reader } from "./upload-reader.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Phases of running herd uploads and commits (tests await its "settled" event). */
    herdUploadProgress: UploadProgress;
  }
}

/** Herd files: upload → staged preview, commit, progress (contract herd.ts; docs/ARCHITECTURE.md). */
export function herdUploadRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const progress = createUploadProgress();
  app.decorate("herdUploadProgress", progress);
  const maxBytes = config.HERD_UPLOAD_MAX_BYTES;

  // A scope of its own: the body reaches the handler unread, whatever its content type, and is
  // streamed from there (never held whole).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

    registerRoute(scope, db, uploadHerdFile, async ({ user, params, query, request, reply }) => {
      const database = await uploadTarget(db, user, params.db_uuid, query.format);
      const reader =
        query.format === "spreadsheet" ? newUploadReader(db, database.id, spreadsheetKind(query.kind)) : dc305Reader;
      // A compressed body's Content-Length says nothing of the file's size: it is counted as read.
      const encoding = request.headers["content-encoding"];
      const length = request.headers["content-length"];
      const declared =
        (encoding === undefined || encoding.toLowerCase() === "identity") && length !== undefined
          ? Number(length)
          : undefined;
      if (declared !== undefined && declared > maxBytes) throw tooLarge(maxBytes);
      const body = request.body instanceof Readable ? request.body : undefined;
      // The answer's stream closes unfinished when the client goes away (a cancel after the last byte).
      let gone = false;
      reply.raw.once("close", () => {
        gone = !reply.raw.writableFinished;
      });
      return runImport(deps.imports, user.id, () =>
        stageUpload(
          { db, dbKind: deps.dbKind, dataDir: config.DATA_DIR, maxBytes, progress },
          {
            user,
            database,
            fileName: query.name,
            progressId: query.progress_id,
            body,
            declared,
            clientGone: () => gone,
            reader,
          },
        ),
      );
    });
  });

  registerRoute(app, db, commitHerdUpload, async ({ user, params, query }) => {
    const upload = await uploadFor(db, user, params.upload_uuid);
    return runImport(deps.imports, user.id, () => commitUpload(db, progress, user, upload, query.progress_id));
  });

  registerRoute(app, db, getHerdUploadProgress, async ({ user, params }) => {
    const state = progress.get(user.id, params.progress_id);
    if (!state) throw notFound();
    return state;
  });
}
