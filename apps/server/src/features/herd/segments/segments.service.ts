import { ErrorCode } from "@nadoy/contract/errors";
import {
  formatSegmentRule,
  normalizeSegmentRule,
  parseSegmentText,
  type SegmentRule,
  SegmentTextError,
  segmentRuleProblem,
} from "@nadoy/contract/herd-segment-rule";
import {
  type HerdSegment,
  type HerdSegmentCount,
  type HerdSegmentInput,
  SEGMENT_EVENT_DAYS_DEFAULT,
} from "@nadoy/contract/herd-segments";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import type { AccessCaller } from "../../../platform/access/farms-databases.ts";
import { canUploadHerd } from "../../../platform/access/herd-upload.ts";
import type { AuthUser } from "../../../platform/auth/guard.ts";
import { ApiError, forbidden } from "../../../platform/errors.ts";
import { herdDatabaseFor } from "../herd-access.ts";
import { personOut } from "../herd-dto.ts";
import { herdToday } from "../herd-today.ts";
import { segmentOfHerdSql, segmentSql } from "./segment-sql.ts";
import {
  deleteSegment,
  findSegment,
  insertSegment,
  listSegments,
  type SegmentRow,
  updateSegment,
} from "./segments.repository.ts";

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

/** A saved segment the caller does not see (deleted, or not shared): said so, not as a missing database. */
export const SEGMENT_NOT_FOUND_TEXT = "Сегмент не найден: он удалён или вам недоступен";
const segmentNotFound = () => new ApiError(404, ErrorCode.notFound, SEGMENT_NOT_FOUND_TEXT);

const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The condition of a list's segment: a saved one the caller sees (404 otherwise) or a typed rule
 * (400 with the position); EVENT conditions look at the last SEGMENT_EVENT_DAYS_DEFAULT days. As
 * the count counts (animals in the herd unless the rule names statuses), or as a report's filter.
 */
export async function segmentFilter(
  db: Db,
  databaseId: number,
  callerId: number,
  query: { segment?: string | undefined; rule?: string | undefined },
  today: string,
  /** A report's filter: the rule's conditions only, the report choosing its animals. */
  options: { reportFilter?: boolean } = {},
): Promise<SQL | undefined> {
  const rules: SegmentRule[] = [];
  if (query.segment !== undefined) {
    const saved = await findSegment(db, databaseId, callerId, query.segment);
    if (!saved) throw segmentNotFound();
    rules.push(saved.rule);
  }
  if (query.rule !== undefined) rules.push(ruleOf({ text: query.rule }));
  if (rules.length === 0) return undefined;
  const ctx = { today, from: daysBefore(today, SEGMENT_EVENT_DAYS_DEFAULT), to: today };
  const rule = { join: "and" as const, items: rules };
  return options.reportFilter ? segmentSql(rule, ctx) : segmentOfHerdSql(rule, ctx);
}

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
        where a.database_id = ${database.id} and ${segmentOfHerdSql(rule, { today, from, to })}`,
  );
  return { count: Number(row?.count ?? 0), text: formatSegmentRule(rule), rule };
}

/** Each segment's animals today, in one pass over the herd (a count per segment would read it once each). */
async function countSegments(db: Db, databaseId: number, rows: readonly SegmentRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const today = herdToday();
  const ctx = { today, from: daysBefore(today, SEGMENT_EVENT_DAYS_DEFAULT), to: today };
  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`select ${sql.join(
      rows.map((row, i) => sql`count(*) filter (where ${segmentOfHerdSql(row.rule, ctx)})::int as ${sql.raw(`c${i}`)}`),
      sql`, `,
    )} from herd_animals a where a.database_id = ${databaseId}`,
  );
  return rows.map((_, i) => Number(counts?.[`c${i}`] ?? 0));
}

// ---- saved segments ----

const iso = (value: string | Date) => new Date(value).toISOString();

function segmentDto(row: SegmentRow, caller: AuthUser): HerdSegment {
  return {
    uuid: row.uuid,
    name: row.name,
    text: formatSegmentRule(row.rule),
    rule: row.rule,
    shared: row.shared,
    active: row.active,
    owner: personOut({ ...row, user_id: row.owner_id }),
    editable: caller.isSuperuser || row.owner_id === caller.id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Saving segments: readers but viewers and clients (the same rule as uploading). */
function assertMaySave(caller: AuthUser): void {
  if (!canUploadHerd(caller)) throw forbidden();
}

export function createSegmentService(db: Db) {
  async function visibleSegment(caller: AuthUser, dbUuid: string, segmentUuid: string) {
    const database = await herdDatabaseFor(db, caller, dbUuid);
    const row = await findSegment(db, database.id, caller.id, segmentUuid);
    if (!row) throw segmentNotFound();
    return { database, row };
  }

  async function editableSegment(caller: AuthUser, dbUuid: string, segmentUuid: string) {
    const found = await visibleSegment(caller, dbUuid, segmentUuid);
    if (!caller.isSuperuser && found.row.owner_id !== caller.id) throw forbidden();
    return found;
  }

  const values = (input: HerdSegmentInput) => ({
    name: input.name,
    rule: ruleOf(input),
    shared: input.shared,
    active: input.active,
  });

  return {
    async list(caller: AuthUser, dbUuid: string): Promise<HerdSegment[]> {
      const database = await herdDatabaseFor(db, caller, dbUuid);
      const rows = await listSegments(db, database.id, caller.id);
      const counts = await countSegments(db, database.id, rows);
      return rows.map((row, i) => ({ ...segmentDto(row, caller), count: counts[i] ?? 0 }));
    },
    async create(caller: AuthUser, dbUuid: string, input: HerdSegmentInput): Promise<HerdSegment> {
      const database = await herdDatabaseFor(db, caller, dbUuid);
      assertMaySave(caller);
      const uuid = await insertSegment(db, database.id, caller.id, values(input));
      const row = await findSegment(db, database.id, caller.id, uuid);
      if (!row) throw new Error("segment saved");
      return segmentDto(row, caller);
    },
    async update(caller: AuthUser, dbUuid: string, segmentUuid: string, input: HerdSegmentInput): Promise<HerdSegment> {
      const { database, row } = await editableSegment(caller, dbUuid, segmentUuid);
      await updateSegment(db, database.id, row.id, values(input));
      const updated = await findSegment(db, database.id, caller.id, segmentUuid);
      if (!updated) throw segmentNotFound();
      return segmentDto(updated, caller);
    },
    async remove(caller: AuthUser, dbUuid: string, segmentUuid: string): Promise<void> {
      const { database, row } = await editableSegment(caller, dbUuid, segmentUuid);
      await deleteSegment(db, database.id, row.id);
    },
  };
}
