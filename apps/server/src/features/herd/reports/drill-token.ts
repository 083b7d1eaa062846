import { ErrorCode } from "@nadoy/contract/errors";
import { HERD_LACT_GROUPS } from "@nadoy/contract/herd-reports";
import { z } from "zod";
import { ApiError } from "../../../platform/errors.ts";

// ---- A drill token: which animals stand behind a report's number ----
//
// base64url of JSON: the report, the set's key (report-atoms.ts), the period and the report's
// filters. Not a secret: it only names a set within a database the caller must still be able to
// read, and its key is checked atom by atom before any SQL is built from it.

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

export const encodeDrill = (drill: Drill): string => Buffer.from(JSON.stringify(drill)).toString("base64url");

export const BAD_DRILL = "Ссылка на расшифровку повреждена: откройте отчёт заново.";

export function decodeDrill(token: string): Drill {
  try {
    return drillSchema.parse(JSON.parse(Buffer.from(token, "base64url").toString("utf8")));
  } catch {
    throw new ApiError(400, ErrorCode.validation, BAD_DRILL);
  }
}
