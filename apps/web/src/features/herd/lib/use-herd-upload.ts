import type { HerdSpreadsheetKind, HerdUploadCounts, HerdUploadCreated } from "@nadoy/contract/herd";
import type { HerdColumnMapping } from "@nadoy/contract/herd-spreadsheet";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { isAbortError } from "../../../shared/lib/api-file.ts";
import { randomUuid } from "../../../shared/lib/random-uuid.ts";
import { commitHerdFile, remapHerdFile, sendHerdFile, useForgetHerdData } from "../api.ts";

export type CommitResult = Awaited<ReturnType<typeof commitHerdFile>>;

/** The file the flow shows: one chosen here, or a kept one checked again (files page). */
export type UploadedFile = Pick<File, "name" | "size">;

/** Where the upload of one file stands; each step keeps what the next one shows. */
export type HerdUploadStep =
  | { step: "choose" }
  | { step: "sending"; file: File; share: number }
  | { step: "preview"; file: UploadedFile; created: HerdUploadCreated }
  | { step: "rechecking"; file: UploadedFile; created: HerdUploadCreated }
  | { step: "committing"; file: UploadedFile; created: HerdUploadCreated }
  | {
      step: "done";
      file: UploadedFile;
      created: HerdUploadCreated;
      result: HerdUploadCounts & Pick<CommitResult, "errors">;
    };

/** What the page says above the flow: the server's refusal, or that the user cancelled. */
export interface UploadNotice {
  type: "error" | "info";
  text: string;
}

/**
 * The upload pages' flow: send the file (bytes progress, cancellable) → the server's preview (a
 * spreadsheet's read again with another mapping as often as asked) → commit → final counts.
 * `kind` makes the file a spreadsheet of that kind, else a DC305 export. `progressId` names the
 * running request for the server's phase poll. A refusal (400, 403, 409, 413 …) leaves the step
 * where it was and gives the server's message. `initial`: a preview the files page already has (a
 * kept file checked again).
 */
export function useHerdUpload(
  dbUuid: string | undefined,
  kind?: HerdSpreadsheetKind,
  initial: HerdUploadStep = { step: "choose" },
) {
  const [state, setState] = useState<HerdUploadStep>(initial);
  const [notice, setNotice] = useState<UploadNotice | null>(null);
  const [progressId, setProgressId] = useState(randomUuid);
  const controller = useRef<AbortController | null>(null);
  const forgetHerdData = useForgetHerdData();

  // Leaving the page stops a file still on its way.
  useEffect(() => () => controller.current?.abort(), []);

  const fail = useCallback((reason: unknown) => {
    if (!isUnauthorized(reason)) setNotice({ type: "error", text: errorMessage(reason) });
  }, []);

  const send = useCallback(
    async (file: File) => {
      if (!dbUuid) return;
      const id = randomUuid();
      const abort = new AbortController();
      controller.current = abort;
      setProgressId(id);
      setNotice(null);
      setState({ step: "sending", file, share: 0 });
      try {
        const created = await sendHerdFile({
          dbUuid,
          kind,
          file,
          progressId: id,
          signal: abort.signal,
          onProgress: (share) => setState((now) => (now.step === "sending" ? { ...now, share } : now)),
        });
        setState({ step: "preview", file, created });
      } catch (reason) {
        setState({ step: "choose" });
        if (isAbortError(reason)) setNotice({ type: "info", text: "Загрузка отменена: файл не принят" });
        // The refused file named: the user may have sent another than they meant.
        else if (!isUnauthorized(reason)) {
          setNotice({ type: "error", text: `Файл «${file.name}» не принят. ${errorMessage(reason)}` });
        }
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [dbUuid, kind],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  const remap = useCallback(
    async (mapping: HerdColumnMapping) => {
      if (state.step !== "preview") return;
      const { file, created } = state;
      setNotice(null);
      setState({ step: "rechecking", file, created });
      try {
        const next = await remapHerdFile(created.upload_uuid, mapping);
        setState({ step: "preview", file, created: next });
      } catch (reason) {
        setState({ step: "preview", file, created });
        fail(reason);
      }
    },
    [state, fail],
  );

  const commit = useCallback(async () => {
    if (state.step !== "preview") return;
    const { file, created } = state;
    const id = randomUuid();
    setProgressId(id);
    setNotice(null);
    setState({ step: "committing", file, created });
    try {
      const result = await commitHerdFile(created.upload_uuid, id);
      setState({ step: "done", file, created, result });
      void forgetHerdData();
    } catch (reason) {
      setState({ step: "preview", file, created });
      fail(reason);
    }
  }, [state, fail, forgetHerdData]);

  const reset = useCallback(() => {
    setNotice(null);
    setState({ step: "choose" });
  }, []);

  return { state, notice, progressId, send, cancel, remap, commit, reset };
}
