import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { AdminIframeGroup } from "@nadoy/contract/reports";
import type { Db } from "../../db/client.ts";
import { type AuditAction, audit } from "../../platform/audit.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import * as groupsRepo from "./iframe-groups.repository.ts";
import { adminGroup, groupSnapshot, sameSnapshot } from "./report-dto.ts";
import * as reportsRepo from "./reports.repository.ts";
import { type Admin, byTitle, REPORT_TEXT } from "./reports-admin.service.ts";

// The admins' iframe groups (contract reports.ts): a title, a picture, and reports in order.
// Each change and its audit entry ({id, before, after}) commit together; a change that changed
// nothing leaves no entry.

export const GROUP_REPORTS_MISSING_TEXT = "Некоторых отчётов больше нет";

export interface GroupFields {
  title?: string;
  img_uuid?: string | null;
  active?: boolean;
  report_uuids?: string[];
}

const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

/** The input as column values and report ids in order (a uuid given twice counts once, where first given). */
async function columnsOf(tx: Db, fields: GroupFields) {
  const values: groupsRepo.GroupValues = {};
  const problems: Record<string, string> = {};
  if (fields.title !== undefined) values.title = fields.title;
  if (fields.active !== undefined) values.active = fields.active;
  if (fields.img_uuid !== undefined) {
    const imageId = fields.img_uuid === null ? null : await reportsRepo.contentImageId(tx, fields.img_uuid);
    if (imageId === undefined) problems.img_uuid = REPORT_TEXT.imageMissing;
    else values.imageId = imageId;
  }
  let reportIds: number[] | undefined;
  if (fields.report_uuids !== undefined) {
    const uuids = [...new Set(fields.report_uuids)];
    const ids = await reportsRepo.reportIdsByUuid(tx, uuids);
    if (ids.size !== uuids.length) problems.report_uuids = GROUP_REPORTS_MISSING_TEXT;
    reportIds = uuids.flatMap((uuid) => ids.get(uuid) ?? []);
  }
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return { values, reportIds };
}

/** Groups with their reports and users: three queries for any number. */
async function loadGroups(db: Db, ids?: number[]): Promise<AdminIframeGroup[]> {
  const rows = await groupsRepo.groupRows(db, ids);
  const reports = await groupsRepo.reportsOfGroups(
    db,
    rows.map((r) => r.id),
  );
  const counts = await groupsRepo.groupUsersCounts(db, ids);
  return rows.map((row) => adminGroup(row, reports.get(row.id) ?? [], counts.get(row.id) ?? 0)).sort(byTitle);
}

async function mustLoad(db: Db, id: number): Promise<AdminIframeGroup> {
  const [group] = await loadGroups(db, [id]);
  if (!group) throw notFound();
  return group;
}

export function createIframeGroupsService(db: Db) {
  const record = (tx: Db, who: Admin, action: AuditAction, id: number, before: unknown, after: unknown) =>
    audit(tx, { action, userId: who.caller.id, ip: who.ip, details: { id, before, after } });

  return {
    list: () => loadGroups(db),

    create(who: Admin, fields: GroupFields & { title: string }): Promise<AdminIframeGroup> {
      return db.transaction(async (tx) => {
        const { values, reportIds } = await columnsOf(tx, fields);
        const id = await groupsRepo.insertGroup(tx, { ...values, title: fields.title });
        if (reportIds) await groupsRepo.replaceGroupReports(tx, id, reportIds);
        const after = await mustLoad(tx, id);
        await record(tx, who, "iframe_group_created", id, null, groupSnapshot(after));
        return after;
      });
    },

    update(who: Admin, id: number, fields: GroupFields): Promise<AdminIframeGroup> {
      return db.transaction(async (tx) => {
        if (!(await groupsRepo.lockGroup(tx, id))) throw notFound();
        const before = await mustLoad(tx, id);
        const { values, reportIds } = await columnsOf(tx, fields);
        await groupsRepo.updateGroup(tx, id, values);
        if (reportIds) await groupsRepo.replaceGroupReports(tx, id, reportIds);
        const after = await mustLoad(tx, id);
        const [was, now] = [groupSnapshot(before), groupSnapshot(after)];
        if (!sameSnapshot(was, now)) await record(tx, who, "iframe_group_updated", id, was, now);
        return after;
      });
    },

    async remove(who: Admin, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await groupsRepo.lockGroup(tx, id))) throw notFound();
        const before = await mustLoad(tx, id);
        await groupsRepo.deleteGroup(tx, id);
        await record(tx, who, "iframe_group_deleted", id, groupSnapshot(before), null);
      });
    },
  };
}
