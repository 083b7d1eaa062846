import { parentPort, workerData } from "node:worker_threads";
import { Dc305Parser } from "../dc305/dc305-parser.ts";
import type { Dc305Record } from "../dc305/records.ts";
import { copyText, type FileVerdict, stagedLines } from "./staged-row.ts";
import type { StagingWorkerData, StagingWorkerReply, StagingWorkerRequest } from "./staging-worker-client.ts";

// ---- The DC305 parser on a thread of its own: chunks of the file in, COPY text of staged lines out ----
//
// Reading a million lines and writing them as COPY text is most of an upload's CPU; off the main
// thread it runs beside the request's reading, the kept file's writing and the COPY (two cores do
// the work of one). One reply per chunk, in order (staging-worker-client.ts).

const { databaseId, uploadId } = workerData as StagingWorkerData;
const parser = new Dc305Parser();
const port = parentPort;
if (!port) throw new Error("staging-worker.ts runs as a worker thread");

port.on("message", (request: StagingWorkerRequest) => {
  const records: Dc305Record[] = [];
  if (request.chunk) parser.push(request.chunk, records);
  else parser.end(records);
  const verdict: FileVerdict = {};
  const lines = stagedLines(databaseId, uploadId, records, verdict);
  const reply: StagingWorkerReply = {
    text: copyText(lines),
    rows: lines.length,
    ...verdict,
  };
  port.postMessage(reply);
});
