import { contentImageProblem, uploadContentImage } from "@nadoy/contract/content";
import { uploadFile } from "./api-file.ts";

/**
 * Uploads a picture for editors' and admins' content (news covers and text, instructions, report
 * cards) after the contract's checks (type by extension, size), so that a wrong file is refused
 * at once. Resolves with the server's {uuid, url}.
 */
export function uploadContentImageFile(file: File) {
  const problem = contentImageProblem(file);
  if (problem) return Promise.reject(new Error(problem));
  return uploadFile(uploadContentImage, {
    params: undefined,
    query: { name: file.name },
    file,
    contentType: "application/octet-stream",
  });
}
