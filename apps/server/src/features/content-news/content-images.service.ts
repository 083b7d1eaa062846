import { CONTENT_IMAGE_TYPE_TEXT, CONTENT_IMAGE_TYPES, contentImagePath } from "@nadoy/contract/content";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { Db } from "../../db/client.ts";
import { matchesSignature } from "../../platform/attachments/file-signature.ts";
import { audit } from "../../platform/audit.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import * as repo from "./content-images.repository.ts";

// Images editors put into news (contract content.ts). The size limit is the route's bodyLimit: a
// larger body never reaches this service. The stored type follows the checked extension, never
// what a client claimed, so an image is always served as the image it is.

type ImageExtension = keyof typeof CONTENT_IMAGE_TYPES;

const CONTENT_IMAGE_NAME_TEXT = "Укажите имя файла";

const unsupported = () => new ApiError(415, ErrorCode.unsupportedMediaType, CONTENT_IMAGE_TYPE_TEXT);

/** The name as a file name: no folders (some browsers send a path) and no control characters. */
function cleanName(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
  return base.replace(/\p{Cc}/gu, "").trim();
}

function imageExtension(name: string): ImageExtension | null {
  const dot = name.lastIndexOf(".");
  const extension = dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(CONTENT_IMAGE_TYPES, extension) ? (extension as ImageExtension) : null;
}

export function createContentImagesService(db: Db) {
  return {
    /** Checks the extension and the first bytes, then stores the image and audits it together. */
    async upload(caller: AuthUser, ip: string, rawName: string, body: unknown): Promise<{ uuid: string; url: string }> {
      const name = cleanName(rawName);
      if (name === "") throw validationError({ name: CONTENT_IMAGE_NAME_TEXT });
      const extension = imageExtension(name);
      const data = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      if (extension === null || !matchesSignature(extension, data)) throw unsupported();
      const mime = CONTENT_IMAGE_TYPES[extension];
      return db.transaction(async (tx) => {
        const image = await repo.insertContentImage(tx, { name, mime, data, createdBy: caller.id });
        await audit(tx, {
          action: "content_image_uploaded",
          userId: caller.id,
          ip,
          details: { id: image.uuid, before: null, after: { uuid: image.uuid, name, mime, size: image.size } },
        });
        return { uuid: image.uuid, url: contentImagePath(image.uuid) };
      });
    },

    async image(uuid: string): Promise<{ mime: string; data: Buffer }> {
      const image = await repo.findContentImage(db, uuid);
      if (!image) throw new ApiError(404, ErrorCode.notFound, ErrorText.notFound);
      return image;
    },
  };
}
