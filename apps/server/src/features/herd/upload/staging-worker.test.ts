import { describe, expect, it } from "vitest";
import { EVENTS_HEADER, eventLine } from "../dc305/test-fixtures.ts";
import type { FileVerdict } from "./staged-row.ts";
import { stagedTextInWorker } from "./staging-worker-client.ts";

async function* chunksOf(text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe("the DC305 parser's worker thread", () => {
  it("stages a file cut anywhere as the same COPY lines, in order", async () => {
    const file = `${EVENTS_HEADER}\n${eventLine("1", "01/02/15", "2", "DRY", "300", "03/04/20")}\n${eventLine("2", "01/02/16", "1", "FRESH", "0", "03/04/21")}\n`;
    const verdict: FileVerdict = {};
    let text = "";
    let rows = 0;
    for await (const part of stagedTextInWorker(chunksOf(file, 7), { databaseId: 3, uploadId: 9 }, verdict)) {
      text += part.text;
      rows += part.rows;
    }
    expect(rows).toBe(2);
    expect(verdict.header?.kind).toBe("events");
    expect(text.split("\n").map((l) => l.split("\t").slice(0, 5))).toEqual([
      ["3", "9", "2", "\\N", "1"],
      ["3", "9", "3", "\\N", "2"],
      [""],
    ]);
  });
});
