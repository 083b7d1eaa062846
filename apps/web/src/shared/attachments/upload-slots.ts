import { ATTACHMENT_UPLOADS_AT_ONCE } from "@nadoy/contract/attachments";

// The server reads at most ATTACHMENT_UPLOADS_AT_ONCE uploads of a user at once (more → 429), so
// the tab sends that many at a time, whichever composer or task they come from; the rest wait.

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `task` when one of the tab's upload places is free. */
export async function inUploadSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= ATTACHMENT_UPLOADS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    // The place passes straight to the next upload; otherwise it is free.
    if (next) next();
    else running -= 1;
  }
}
