import type { HerdUploadCreated } from "@nadoy/contract/herd";
import type { HerdUploadStep, UploadedFile } from "./use-herd-upload.ts";

// A kept file checked again on the files page opens in its upload page's preview: the answer rides
// in the navigation's state (history), so a reload of the page simply starts a new upload.

export interface HerdRerunState {
  herdRerun: { created: HerdUploadCreated; file: UploadedFile };
}

/** An upload page's first step: the preview handed over, or choosing a file. */
export function firstStep(state: unknown): HerdUploadStep {
  const rerun = (state as Partial<HerdRerunState> | null)?.herdRerun;
  return rerun ? { step: "preview", file: rerun.file, created: rerun.created } : { step: "choose" };
}
