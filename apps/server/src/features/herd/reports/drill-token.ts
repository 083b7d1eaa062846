import { ErrorCode } from "@nadoy/contract/errors";
import { HERD_LACT_GROUPS } from "@nadoy/contract/herd-reports";
import { z } from "zod";
import { ApiError } from "../../../platform/errors.ts";

// ---- A drill token: which animals stand behind a report's number ----
//
// Plain text, fields joined by "~": the report, the period, the set's key (report-atoms.ts), then
// the report's filters each behind its letter — `1~2025-11-28~2026-11-27~lg:1|status:milking~pNorth`.
// A report carries a hundred of them and more, so they are short (a base64 of JSON was 2.5 times
// as long: most of report 1's answer). Not a secret: it only names a set within a database the
// caller must still be able to read, and its key is checked atom by atom before any SQL is built
// from it. Tokens of the earlier form (base64url of the same fields as JSON, from a page opened
// before an update) are still read.

const isoDay = z.iso.date();

export const drillSchema = z.strictObject({
  n: z.number().int(),
  k: z.string().min(1).max(500),
  f: isoDay,
  t: isoDay,
  s: z.uuid().optional(),
  r: z.string().max(2000).optional(),
  lg: z.enum(HERD_LACT_GROUPS).optional(),
  p: z.string().max(50).optional(),
});
export type Drill = z.infer<typeof drillSchema>;

const SEPARATOR = "~";
/** "%" and "~" in a text field become %25 and %7E: no field holds the separator, and the two are undone exactly. */
const escapeField = (text: string) => text.replace(/%/g, "%25").replace(/~/g, "%7E");
const unescapeField = (text: string) => text.replace(/%25|%7E/g, (escaped) => (escaped === "%25" ? "%" : "~"));

/** The filters' letters in a token, in the order they are written. */
const FILTERS = [
  ["s", "s"],
  ["r", "r"],
  ["g", "lg"],
  ["p", "p"],
] as const;

export function encodeDrill(drill: Drill): string {
  let token = `${drill.n}${SEPARATOR}${drill.f}${SEPARATOR}${drill.t}${SEPARATOR}${escapeField(drill.k)}`;
  for (const [letter, field] of FILTERS) {
    const value = drill[field];
    if (value !== undefined) token += `${SEPARATOR}${letter}${escapeField(value)}`;
  }
  return token;
}

export const BAD_DRILL = "Ссылка на расшифровку повреждена: откройте отчёт заново.";

function fieldsOf(token: string): unknown {
  if (!token.includes(SEPARATOR)) return JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  const [n, f, t, k, ...filters] = token.split(SEPARATOR);
  const drill: Record<string, unknown> = { n: n && /^\d+$/.test(n) ? Number(n) : n, f, t, k: unescapeField(k ?? "") };
  for (const part of filters) {
    const known = FILTERS.find(([letter]) => part.startsWith(letter));
    // An unknown letter or a filter given twice: not a token this server wrote.
    if (!known || known[1] in drill) return undefined;
    drill[known[1]] = unescapeField(part.slice(1));
  }
  return drill;
}

export function decodeDrill(token: string): Drill {
  try {
    return drillSchema.parse(fieldsOf(token));
  } catch {
    throw new ApiError(400, ErrorCode.validation, BAD_DRILL);
  }
}
