import type { FastifyInstance } from "fastify";

// JSON may carry a lone UTF-16 surrogate as an escape ("\ud800"); no Unicode text holds one.
// PostgreSQL refuses it inside jsonb (a 500 the fuzzer found on task tags), while a text column
// gets U+FFFD from Node's UTF-8 encoder. Every JSON input is made well-formed the same way at the
// door, so both kinds of column store the same thing. Raw UTF-8 bytes cannot encode a surrogate
// (the decoder already yields U+FFFD), so only bodies with a surrogate escape are walked.
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
// Without the u flag a regular expression sees UTF-16 code units, so it can find the lone ones.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const wellFormedString = (text: string) => text.replace(LONE_SURROGATE, "\uFFFD");

/** The value with every string and key made well-formed (lone surrogates become U+FFFD). */
export function wellFormed(value: unknown): unknown {
  if (typeof value === "string") return wellFormedString(value);
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === "object") {
    // fromEntries defines own properties: a "__proto__" key stays a key.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [wellFormedString(key), wellFormed(item)]));
  }
  return value;
}

/** JSON.parse whose strings are well-formed. */
export function parseWellFormedJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return SURROGATE_ESCAPE.test(text) ? wellFormed(value) : value;
}

/** Fastify's own JSON body parser (empty and invalid bodies, prototype poisoning) plus the above. */
export function installWellFormedJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = String(body);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      done(null, SURROGATE_ESCAPE.test(text) ? wellFormed(value) : value);
    });
  });
}
