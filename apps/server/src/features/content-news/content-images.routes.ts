import { ATTACHMENT_UPLOAD_CONTENT_TYPE } from "@nadoy/contract/attachments";
import { CONTENT_IMAGE_SIZE_TEXT, getContentImage, uploadContentImage } from "@nadoy/contract/content";
import { ErrorCode } from "@nadoy/contract/errors";
import type { FastifyError, FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { ApiError } from "../../platform/errors.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createContentImagesService } from "./content-images.service.ts";

/** Content images: upload (raw bytes) and the public, long-cached image. */
export function contentImagesRoutes(app: FastifyInstance, db: Db): void {
  const images = createContentImagesService(db);

  // A scope of their own: only these routes take raw bytes, and their 413 names the image limit.
  app.register(async (scope) => {
    if (!scope.hasContentTypeParser(ATTACHMENT_UPLOAD_CONTENT_TYPE)) {
      scope.addContentTypeParser(ATTACHMENT_UPLOAD_CONTENT_TYPE, { parseAs: "buffer" }, (_request, body, done) =>
        done(null, body),
      );
    }
    // Thrown on to the app's error handler, which answers with JSON.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        throw new ApiError(413, ErrorCode.payloadTooLarge, CONTENT_IMAGE_SIZE_TEXT);
      }
      throw error;
    });

    registerRoute(scope, db, uploadContentImage, ({ user, ip, query, request }) =>
      images.upload(user, ip, query.name, request.body),
    );

    // An image never changes under its uuid: browsers and proxies may keep it for a year.
    registerRoute(scope, db, getContentImage, async ({ params, reply }) => {
      const image = await images.image(params.uuid);
      reply
        .header("content-type", image.mime)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff");
      return image.data;
    });
  });
}
