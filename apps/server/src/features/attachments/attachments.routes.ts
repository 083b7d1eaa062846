import {
  ATTACHMENT_SIZE_TEXT,
  ATTACHMENT_UPLOAD_CONTENT_TYPE,
  downloadAttachment,
  uploadAttachment,
} from "@nadoy/contract/attachments";
import { ErrorCode } from "@nadoy/contract/errors";
import type { FastifyError, FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { ApiError } from "../../platform/errors.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createAttachmentsService } from "./attachments.service.ts";

/** Files for chat messages and tasks: upload, download (contract attachments.ts). */
export function attachmentsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const files = createAttachmentsService(db);

  // A scope of their own: only these routes take raw bytes, and their 413 names the file's limit.
  app.register(async (scope) => {
    if (!scope.hasContentTypeParser(ATTACHMENT_UPLOAD_CONTENT_TYPE)) {
      scope.addContentTypeParser(ATTACHMENT_UPLOAD_CONTENT_TYPE, { parseAs: "buffer" }, (_request, body, done) =>
        done(null, body),
      );
    }
    // Thrown on to the app's error handler, which answers with JSON.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        throw new ApiError(413, ErrorCode.payloadTooLarge, ATTACHMENT_SIZE_TEXT);
      }
      throw error;
    });

    registerRoute(scope, db, uploadAttachment, ({ user, query, request }) =>
      files.upload(user, query.name, request.body),
    );

    // The file itself is the answer: Fastify sends a Buffer as it is.
    registerRoute(scope, db, downloadAttachment, async ({ user, params, reply }) => {
      const file = await files.download(user, params.uuid);
      reply
        .header("content-type", file.contentType)
        .header("content-disposition", file.disposition)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-cache");
      return file.body;
    });
  });
}
