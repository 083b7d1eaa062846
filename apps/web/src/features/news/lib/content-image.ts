import {
  CONTENT_IMAGE_BYTES_MAX,
  CONTENT_IMAGE_SIZE_TEXT,
  CONTENT_IMAGE_TYPE_TEXT,
  CONTENT_IMAGE_TYPES,
} from "@nadoy/contract/content";

/** Why the server would refuse this image (extension, size), or null. It checks the bytes too. */
export function contentImageProblem(file: Pick<File, "name" | "size">): string | null {
  const extension = file.name.includes(".") ? (file.name.split(".").pop() ?? "").toLowerCase() : "";
  if (!Object.hasOwn(CONTENT_IMAGE_TYPES, extension)) return CONTENT_IMAGE_TYPE_TEXT;
  if (file.size > CONTENT_IMAGE_BYTES_MAX) return CONTENT_IMAGE_SIZE_TEXT;
  return null;
}
