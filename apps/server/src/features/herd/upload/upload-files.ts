import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";

// ---- The uploaded file kept under DATA_DIR, so that a staged upload can be read again later ----
//
// One folder of this instance's disk: instances behind a load balancer would share it (a network
// volume) or keep the files in an object store; herd_uploads.file_key names the file either way.

export const uploadFileKey = (uploadUuid: string) => `herd-uploads/${uploadUuid}.csv`;

export async function openUploadFile(dataDir: string, key: string): Promise<WriteStream> {
  const path = join(dataDir, key);
  await mkdir(join(path, ".."), { recursive: true });
  return createWriteStream(path);
}

export async function removeUploadFile(dataDir: string, key: string): Promise<void> {
  await rm(join(dataDir, key), { force: true });
}
