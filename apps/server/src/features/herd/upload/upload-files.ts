import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";

// ---- The uploaded file kept under DATA_DIR, so that a staged upload can be read again later ----
//
// One folder of this instance's disk: instances behind a load balancer would share it (a network
// volume) or keep the files in an object store; herd_uploads.file_key names the file either way.

export const uploadFileKey = (uploadUuid: string) => `herd-uploads/${uploadUuid}.csv`;

/**
 * The file, open: a stream still opening would create it after an early refusal removed it (a 413
 * in the first chunks), leaving a file of an upload recorded as failed.
 */
export async function openUploadFile(dataDir: string, key: string): Promise<WriteStream> {
  const path = join(dataDir, key);
  await mkdir(join(path, ".."), { recursive: true });
  const stream = createWriteStream(path);
  await once(stream, "open");
  return stream;
}

/**
 * Drops what is unwritten and waits for the file to be closed, so that removing it is final.
 * Never throws: a destroyed file stream always ends with "close", an error or not.
 */
export function closeUploadFile(stream: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.closed) return resolve();
    stream.once("close", () => resolve());
    stream.destroy();
  });
}

export async function removeUploadFile(dataDir: string, key: string): Promise<void> {
  await rm(join(dataDir, key), { force: true });
}
