import { responseWriter } from "./response-serializer.ts";

// A response whose bulk PostgreSQL already wrote as JSON: arrays of numbers (to_json of a float8[])
// go out as the text the driver gave, neither parsed nor written again. A year of 500 meters'
// daily kWh is 183,000 numbers: parsing, checking and writing them again in the server was a
// third of that answer's time. The rest of the response is checked and written as every
// response is (response-serializer.ts).

/** A response already written as JSON: registerRoute sends it as it is. */
export class PreSerializedJson {
  constructor(readonly text: string) {}
}

/**
 * What stands for a JSON text in the payload while it is checked and written: an array of one
 * number (an integer, for arrays of integers too) that no array of the payload's own holds.
 */
export const JSON_TEXT_PLACEHOLDER = [Number.MIN_SAFE_INTEGER];
const PLACEHOLDER_TEXT = JSON.stringify(JSON_TEXT_PLACEHOLDER);

/**
 * `payload`, checked against the route's response schema and written as JSON, with its
 * placeholders (JSON_TEXT_PLACEHOLDER, where the schema wants an array of numbers) replaced by
 * `texts` in the order they are written (the payload's own order: arrays in order, keys as built).
 * Each text must be a JSON array of numbers as PostgreSQL writes it.
 */
export function withJsonTexts(
  route: { method: string; path: string; response: unknown },
  payload: unknown,
  texts: readonly string[],
): PreSerializedJson {
  const parts = writerOf(route)(payload).split(PLACEHOLDER_TEXT);
  if (parts.length !== texts.length + 1) {
    throw new Error(`${route.path}: ${parts.length - 1} placeholders for ${texts.length} JSON texts`);
  }
  let json = parts[0] as string;
  texts.forEach((text, i) => {
    if (text[0] !== "[" || text[text.length - 1] !== "]") throw new Error(`${route.path}: not a JSON array`);
    json += text + (parts[i + 1] as string);
  });
  return new PreSerializedJson(json);
}

const writers = new WeakMap<object, (data: unknown) => string>();

function writerOf(route: { method: string; path: string; response: unknown }) {
  let writer = writers.get(route);
  if (!writer) {
    writer = responseWriter(route.response, route.method, route.path);
    writers.set(route, writer);
  }
  return writer;
}
