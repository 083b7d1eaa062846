import { Worker } from "node:worker_threads";
import type { Dc305HeaderRecord, Dc305RefusedRecord } from "../dc305/records.ts";
import type { FileVerdict } from "./staged-row.ts";
import type { UploadRef } from "./upload-sql.ts";

// ---- A DC305 file staged by the parser's worker thread (staging-worker.ts) ----
//
// The chunks go to the worker as they arrive; its replies (COPY text of the staged lines, in the
// file's order) come back a few chunks behind, so that reading, parsing and the COPY overlap while
// at most IN_FLIGHT chunks are held.

export interface StagingWorkerData {
  databaseId: number;
  uploadId: number;
}

/** A chunk of the file, or (without one) its end. */
export interface StagingWorkerRequest {
  chunk?: Uint8Array;
}

export interface StagingWorkerReply {
  /** COPY text lines of herd_upload_rows, each ending in a newline ("" when the chunk completed none). */
  text: string;
  rows: number;
  header?: Dc305HeaderRecord;
  refused?: Dc305RefusedRecord;
}

export interface StagedText {
  text: string;
  rows: number;
}

const IN_FLIGHT = 4;

/**
 * The worker holds a line, a chunk's records and its COPY text: a small heap, collected often, keeps
 * the server's memory bounded (VmHWM) whatever the file's size.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/**
 * The worker: bundled beside dist/main.js (build.mjs); from the sources (tests, tsx) the .ts file,
 * loaded through tsx's loader, which a worker does not inherit.
 */
function startWorker(data: StagingWorkerData): Worker {
  const fromSources = import.meta.url.endsWith(".ts");
  const entry = new URL(fromSources ? "./staging-worker.ts" : "./staging-worker.js", import.meta.url);
  const options = { workerData: data, resourceLimits: WORKER_LIMITS };
  if (!fromSources) return new Worker(entry, options);
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

/** The worker's replies in order; a failure of the worker fails the next wait. */
function replies(worker: Worker) {
  const ready: StagingWorkerReply[] = [];
  let waiting: { resolve: (reply: StagingWorkerReply) => void; reject: (error: Error) => void } | undefined;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    waiting?.reject(failure);
    waiting = undefined;
  };
  worker.on("message", (reply: StagingWorkerReply) => {
    if (waiting) {
      waiting.resolve(reply);
      waiting = undefined;
    } else ready.push(reply);
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the staging worker stopped (exit code ${code})`)));
  return (): Promise<StagingWorkerReply> => {
    const reply = ready.shift();
    if (reply) return Promise.resolve(reply);
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      waiting = { resolve, reject };
    });
  };
}

type Step = { c: IteratorResult<Uint8Array> } | { r: StagingWorkerReply };

/** `wait`, marked handled: a wait the race did not pick may fail later without an unhandled rejection. */
function settled<T>(wait: Promise<T>): Promise<T> {
  wait.catch(() => undefined);
  return wait;
}

/**
 * The staged lines of a DC305 file read from `source`, as COPY text, noting its header or refusal in
 * `verdict`. Each reply is passed on as soon as it comes, also while the next chunk is awaited (a
 * slow link shows its progress); reading waits only while IN_FLIGHT chunks are unanswered. Stops
 * reading after a refusal (the source's iterator is closed then).
 */
export async function* stagedTextInWorker(
  source: AsyncIterable<Uint8Array>,
  ref: UploadRef,
  verdict: FileVerdict,
): AsyncGenerator<StagedText, void, undefined> {
  const worker = startWorker({ databaseId: ref.databaseId, uploadId: ref.uploadId });
  const next = replies(worker);
  const chunks = source[Symbol.asyncIterator]();
  let pending = 0;
  let ended = false;
  let chunk: Promise<IteratorResult<Uint8Array>> | undefined = chunks.next();
  let reply: Promise<StagingWorkerReply> | undefined;
  try {
    while (chunk || pending > 0) {
      reply ??= pending > 0 ? next() : undefined;
      const waits: Promise<Step>[] = [];
      if (chunk && pending < IN_FLIGHT) waits.push(settled(chunk.then((c) => ({ c }))));
      if (reply) waits.push(settled(reply.then((r) => ({ r }))));
      const first = await Promise.race(waits);
      if ("c" in first) {
        if (first.c.done) {
          chunk = undefined;
          ended = true;
          worker.postMessage({} satisfies StagingWorkerRequest);
        } else {
          // A copy the worker owns: a request's chunks may share one pooled buffer.
          const own = new Uint8Array(first.c.value);
          worker.postMessage({ chunk: own } satisfies StagingWorkerRequest, [own.buffer]);
          chunk = chunks.next();
        }
        pending++;
        continue;
      }
      reply = undefined;
      pending--;
      const answer = first.r;
      if (answer.header) verdict.header = answer.header;
      if (answer.refused) verdict.refused = answer.refused;
      if (answer.rows > 0) yield { text: answer.text, rows: answer.rows };
      if (verdict.refused) return;
    }
  } finally {
    if (!ended) await chunks.return?.();
    worker.removeAllListeners("exit");
    await worker.terminate();
  }
}
