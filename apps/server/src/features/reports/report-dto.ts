import { contentImagePath } from "@nadoy/contract/content";
import {
  type AdminIframeGroup,
  type AdminReport,
  REPORT_PROVIDERS,
  type ReportProvider,
} from "@nadoy/contract/reports";
import type { GroupRow } from "./iframe-groups.repository.ts";
import type { ReportRow } from "./reports.repository.ts";

// Rows → the admins' DTOs, and the snapshots the audit log keeps (never the secret: has_secret,
// and secret_changed after a change that replaced it).

export const asProvider = (value: string): ReportProvider =>
  (REPORT_PROVIDERS as readonly string[]).includes(value) ? (value as ReportProvider) : "url";

const imagePath = (uuid: string | null) => (uuid === null ? null : contentImagePath(uuid));

export function adminReport(row: ReportRow, groups: { pk: number; title: string }[], usersCount: number): AdminReport {
  return {
    pk: row.id,
    uuid: row.uuid,
    title: row.title,
    tag: row.tag,
    img_uuid: row.imageUuid,
    img: imagePath(row.imageUuid),
    active: row.active,
    provider: asProvider(row.provider),
    url: row.url,
    resource_id: row.resourceId,
    restrict_param: row.restrictParam,
    has_secret: Boolean(row.hasSecret),
    company: row.companyUuid === null ? null : { uuid: row.companyUuid, name: row.companyName ?? "" },
    groups,
    users_count: usersCount,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a report: its settings, the key only as has_secret. */
export function reportSnapshot(report: AdminReport) {
  return {
    uuid: report.uuid,
    title: report.title,
    tag: report.tag,
    img_uuid: report.img_uuid,
    active: report.active,
    provider: report.provider,
    url: report.url,
    resource_id: report.resource_id,
    restrict_param: report.restrict_param,
    has_secret: report.has_secret,
    company: report.company,
  };
}

/**
 * The audit `after` of a report change: its snapshot, plus `secret_changed: true` when the key
 * was replaced (the key itself never: has_secret alone cannot tell one key from another).
 */
export function reportChangeSnapshot(report: AdminReport, secretChanged: boolean) {
  return { ...reportSnapshot(report), ...(secretChanged && { secret_changed: true }) };
}

/**
 * Whether two snapshots of the same builder say the same: a change that changed nothing is not
 * audited, as in the other admin features. (Same builder, same key order, so JSON compares.)
 */
export const sameSnapshot = (before: unknown, after: unknown) => JSON.stringify(before) === JSON.stringify(after);

export function adminGroup(
  row: GroupRow,
  reports: { uuid: string; title: string; active: boolean }[],
  usersCount: number,
): AdminIframeGroup {
  return {
    pk: row.id,
    title: row.title,
    img_uuid: row.imageUuid,
    img: imagePath(row.imageUuid),
    active: row.active,
    reports,
    users_count: usersCount,
  };
}

export function groupSnapshot(group: AdminIframeGroup) {
  return {
    title: group.title,
    img_uuid: group.img_uuid,
    active: group.active,
    reports: group.reports.map((r) => ({ uuid: r.uuid, title: r.title })),
  };
}
