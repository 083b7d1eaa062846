import { Readable } from "node:stream";
import {
  commitHerdUpload,
  commitHerdUploadByKey,
  downloadHerdUploadRefused,
  getHerdUploadProgress,
  type herdUploadQuerySchema,
  uploadHerdFile,
  uploadHerdFileByKey,
} from "@nadoy/contract/herd";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppDeps } from "../../../app-deps.ts";
import type { AuthUser } from "../../../platform/auth/guard.ts";
import { runImport } from "../../../platform/imports/import-gate.ts";
import { privateFile } from "../../../platform/private-file.ts";
import { hintRecipients } from "../../../platform/realtime/notification-hints.ts";
import { registerRoute } from "../../../platform/routes.ts";
import { logKeyRefusals } from "../../../platform/transfer-log.ts";
import { uploadRoom } from "../files/herd-files-quota.ts";
import type { HerdDatabase } from "../herd-access.ts";
import { notFound } from "../herd-access.ts";
import { newUploadReader, spreadsheetKind } from "../spreadsheet/spreadsheet-reader.ts";
import { commitUpload } from "./commit-upload.ts";
import { assertKeyUpload, keyUploader, logKeyCommit, markKeyUpload } from "./key-upload.ts";
import { refusedRowsFile } from "./refused-file.ts";
import { stageUpload, tooLarge } from "./stage-upload.ts";
import { uploadFor, uploadTarget } from "./upload-access.ts";
import { createUploadProgress, type UploadProgress } from "./upload-progress.ts";
import { dc305Reader } from "./upload-reader.ts";

type UploadQuery = z.output<typeof herdUploadQuerySchema>;

declare module "fastify" {
  interface FastifyInstance {
    /** Phases of running herd uploads and commits (tests await its "settled" event). */
    herdUploadProgress: UploadProgress;
  }
}

/** Herd files: upload → staged preview, commit, progress, refused rows (contract herd.ts; docs/ARCHITECTURE.md). */
export function herdUploadRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const progress = createUploadProgress(deps.redis, deps.redisPrefix);
  app.decorate("herdUploadProgress", progress);
  const maxBytes = config.HERD_UPLOAD_MAX_BYTES;

  // A scope of its own: the body reaches the handler unread, whatever its content type, and is
  // streamed from there (never held whole).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

    // The request's body staged as `user`'s upload into `database` (both routes below).
    const stageBody = async (
      user: AuthUser,
      database: HerdDatabase,
      query: UploadQuery,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => {
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
      // The company's kept files leave room for this one (contract herd-files.ts).
      const room = await uploadRoom(db, database.id, config.HERD_FILES_COMPANY_BYTES_MAX);
      if (room.bytes <= 0 || (declared !== undefined && declared > room.bytes)) throw room.refusal();
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
            room,
          },
        ),
      );
    };

    registerRoute(scope, db, uploadHerdFile, async ({ user, params, query, request, reply }) => {
      const database = await uploadTarget(db, user, params.db_uuid, query.format);
      return stageBody(user, database, query, request, reply);
    });

    // An upload agent's file: into the key's database, as the key's creator (key-upload.ts).
    logKeyRefusals(scope, db, "herd_upload", deps.realtime);
    registerRoute(scope, db, uploadHerdFileByKey, async ({ key, query, request, reply }) => {
      if (!key) throw new Error("a key route without its key");
      const uploader = await keyUploader(db, key);
      const database = await uploadTarget(db, uploader, key.databaseUuid, query.format);
      const created = await stageBody(uploader, database, query, request, reply);
      await markKeyUpload(db, database.id, created.upload_uuid, key);
      return created;
    });
  });

  registerRoute(app, db, commitHerdUpload, async ({ user, params, query }) => {
    const upload = await uploadFor(db, user, params.upload_uuid);
    return runImport(deps.imports, user.id, () => commitUpload(db, progress, user, upload, query.progress_id));
  });

  registerRoute(app, db, commitHerdUploadByKey, async ({ key, params, ip, request }) => {
    if (!key) throw new Error("a key route without its key");
    const uploader = await keyUploader(db, key);
    await assertKeyUpload(db, key, params.upload_uuid);
    const upload = await uploadFor(db, uploader, params.upload_uuid);
    const result = await runImport(deps.imports, uploader.id, () =>
      commitUpload(db, progress, uploader, upload, undefined),
    );
    await hintRecipients(deps.realtime, request.log, await logKeyCommit(db, key, ip, result));
    return result;
  });

  // Every refused row as a file, streamed as it is written (refused-file.ts).
  registerRoute(app, db, downloadHerdUploadRefused, async ({ user, params, query, reply }) => {
    const file = await refusedRowsFile(db, config.DATA_DIR, user, params.upload_uuid, query.format);
    privateFile(reply, file);
    return file.body;
  });

  registerRoute(app, db, getHerdUploadProgress, async ({ user, params }) => {
    const state = await progress.get(user.id, params.progress_id);
    if (!state) throw notFound();
    return state;
  });
}
