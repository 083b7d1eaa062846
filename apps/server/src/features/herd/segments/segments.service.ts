import { ErrorCode } from "@nadoy/contract/errors";
import {
  formatSegmentRule,
  normalizeSegmentRule,
  parseSegmentText,
  type SegmentRule,
  SegmentTextError,
  segmentRuleProblem,
} from "@nadoy/contract/herd-segment-rule";
import { type HerdSegmentCount, SEGMENT_EVENT_DAYS_DEFAULT } from "@nadoy/contract/herd-segments";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import type { AccessCaller } from "../../../platform/access/farms-databases.ts";
import { ApiError } from "../../../platform/errors.ts";
import { herdDatabaseFor } from "../herd-access.ts";
import { herdToday } from "../herd-today.ts";
import { segmentSql } from "./segment-sql.ts";

/** The rule of a count request: parsed from text or checked as a tree; 400 with the text's position. */
export function ruleOf(input: { text?: string | undefined; rule?: SegmentRule | undefined }): SegmentRule {
  if (input.text !== undefined) {
    try {
      return parseSegmentText(input.text);
    } catch (error) {
      if (!(error instanceof SegmentTextError)) throw error;
      throw new ApiError(400, ErrorCode.validation, error.message, undefined, undefined, error.position);
    }
  }
  const rule = normalizeSegmentRule(input.rule ?? { join: "and", items: [] });
  const problem = segmentRuleProblem(rule);
  if (problem) throw new ApiError(400, ErrorCode.validation, problem);
  return rule;
}

const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

export async function countSegment(
  db: Db,
  caller: AccessCaller,
  dbUuid: string,
  input: {
    text?: string | undefined;
    rule?: SegmentRule | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<HerdSegmentCount> {
  const database = await herdDatabaseFor(db, caller, dbUuid);
  const rule = ruleOf(input);
  const today = herdToday();
  const to = input.to ?? today;
  const from = input.from ?? daysBefore(to, SEGMENT_EVENT_DAYS_DEFAULT);
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from herd_animals a
        where a.database_id = ${database.id} and ${segmentSql(rule, { today, from, to })}`,
  );
  return { count: Number(row?.count ?? 0), text: formatSegmentRule(rule), rule };
}
