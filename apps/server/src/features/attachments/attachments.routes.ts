import {
  ATTACHMENT_UPLOAD_CONTENT_TYPE,
  ATTACHMENT_UPLOADS_PER_MINUTE,
  attachmentQuota,
  downloadAttachment,
  uploadAttachment,
} from "@nadoy/contract/attachments";
import { ErrorCode, uploadRateText } from "@nadoy/contract/errors";
import type { FastifyError, FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { ApiError } from "../../platform/errors.ts";
import { privateFile } from "../../platform/private-file.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createAttachmentsService } from "./attachments.service.ts";

/** Files for chat messages, tasks and instructions: upload, download, quota (contract attachments.ts). */
export function attachmentsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const files = createAttachmentsService(db);

  // A scope of their own: only these routes take raw bytes, and their 429 names the upload rate.
  app.register(async (scope) => {
    // The body is handed on unread: the service checks the quotas first, then reads it with a cap.
    scope.addContentTypeParser(ATTACHMENT_UPLOAD_CONTENT_TYPE, (_request, payload, done) => done(null, payload));
    // Thrown on to the app's error handler, which answers with JSON (and keeps Retry-After).
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.statusCode === 429 && !(error instanceof ApiError)) {
        const retryAfter = Number(reply.getHeader("retry-after") ?? 60);
        throw new ApiError(429, ErrorCode.tooManyRequests, uploadRateText(ATTACHMENT_UPLOADS_PER_MINUTE, retryAfter));
      }
      throw error;
    });

    // A compressed body (Content-Encoding, decompressed by @fastify/compress on its way here) is
    // measured as it is read: its Content-Length says nothing about the file's size.
    registerRoute(scope, db, uploadAttachment, ({ user, query, request }) => {
      const encoding = request.headers["content-encoding"];
      const encoded = encoding !== undefined && encoding.toLowerCase() !== "identity";
      return files.upload(user, query.name, request.body, encoded ? undefined : request.headers["content-length"]);
    });

    registerRoute(scope, db, attachmentQuota, ({ user }) => files.quota(user));

    // The file itself is the answer: Fastify sends a Buffer as it is.
    registerRoute(scope, db, downloadAttachment, async ({ user, params, reply }) => {
      const file = await files.download(user, params.uuid);
      privateFile(reply, file);
      return file.body;
    });
  });
}
