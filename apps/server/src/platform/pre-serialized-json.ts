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
 * Each text stands in the payload as a placeholder of its own — an array of one integer, from
 * Number.MIN_SAFE_INTEGER up, that no array of the payload's own holds — while the payload is
 * checked and written; each placeholder is then replaced by its text, wherever the schema put it.
 */
const PLACEHOLDER = /\[(-\d{16})\]/g;
/** More texts than any answer sends (a text a meter or a chart column); beyond, a number is the payload's own. */
const SLOTS_MAX = 1_000_000;

/** JSON texts to put into a response: slot() stands for one in the payload, write() puts them in. */
export class JsonTexts {
  private readonly texts: string[] = [];

  /** The placeholder of `text`, a JSON array of numbers as PostgreSQL writes it, where the schema wants an array of numbers. */
  slot(text: string): number[] {
    if (text[0] !== "[" || text[text.length - 1] !== "]") throw new Error("a text to send is not a JSON array");
    if (this.texts.length >= SLOTS_MAX) throw new Error("too many JSON texts for one response");
    this.texts.push(text);
    return [Number.MIN_SAFE_INTEGER + this.texts.length - 1];
  }

  /** `payload`, checked against the route's response schema and written as JSON, each slot its text. */
  write(route: { method: string; path: string; response: unknown }, payload: unknown): PreSerializedJson {
    let found = 0;
    let unknown = false;
    const json = writerOf(route)(payload).replace(PLACEHOLDER, (other, value: string) => {
      const slot = Number(value) - Number.MIN_SAFE_INTEGER;
      if (slot >= SLOTS_MAX) return other;
      found += 1;
      const text = this.texts[slot];
      if (text === undefined) unknown = true;
      return text ?? other;
    });
    if (unknown || found !== this.texts.length) {
      throw new Error(`${route.path}: ${found} placeholders for ${this.texts.length} JSON texts`);
    }
    return new PreSerializedJson(json);
  }
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
