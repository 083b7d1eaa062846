import type { PassThrough } from "node:stream";

// Streamed XLSX answers (exceljs WorkbookWriter into a PassThrough): the usage report, the DTM log.

/** Resolves once `out` wants more data, or has closed (the client went away). */
export function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off("drain", done);
      out.off("close", done);
      resolve();
    };
    out.on("drain", done);
    out.on("close", done);
  });
}
