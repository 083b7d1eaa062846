import { Dc305Parser } from "./dc305-parser.ts";
import type { Dc305Options, Dc305Record } from "./records.ts";

// ---- The parser over a stream: records as the bytes arrive ----

/** Input is cut to this size, so a batch of records stays small whatever chunks the source gives. */
const SLICE_BYTES = 64 * 1024;

/**
 * Records of a DC305 CSV read from `source` (a request or file stream), in batches: one per
 * 64 KB of input at most (a few hundred rows), which suits a COPY writer and costs one await per
 * batch, not per row. Stops reading after a refusal (the source's iterator is closed then).
 */
export async function* parseDc305Batches(
  source: AsyncIterable<Uint8Array>,
  options: Dc305Options = {},
): AsyncGenerator<Dc305Record[], void, undefined> {
  const parser = new Dc305Parser(options);
  for await (const chunk of source) {
    for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
      const out: Dc305Record[] = [];
      parser.push(chunk.subarray(at, at + SLICE_BYTES), out);
      if (out.length > 0) yield out;
      if (parser.stopped) return;
    }
  }
  const out: Dc305Record[] = [];
  parser.end(out);
  if (out.length > 0) yield out;
}

/** The same records one by one. */
export async function* parseDc305(
  source: AsyncIterable<Uint8Array>,
  options: Dc305Options = {},
): AsyncGenerator<Dc305Record, void, undefined> {
  for await (const batch of parseDc305Batches(source, options)) yield* batch;
}

/** All records of a file held in memory (tests, small files). */
export function parseDc305Buffer(bytes: Uint8Array, options: Dc305Options = {}): Dc305Record[] {
  const parser = new Dc305Parser(options);
  const out: Dc305Record[] = [];
  parser.push(bytes, out);
  parser.end(out);
  return out;
}
