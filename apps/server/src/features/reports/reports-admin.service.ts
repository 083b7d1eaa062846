import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { AdminReport, ReportProvider } from "@nadoy/contract/reports";
import type { Db } from "../../db/client.ts";
import { type AuditAction, audit } from "../../platform/audit.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import { rsaPrivateKey } from "./embed-token.ts";
import { adminReport, reportChangeSnapshot, reportSnapshot, sameSnapshot } from "./report-dto.ts";
import * as repo from "./reports.repository.ts";

// The admins' report catalogue (contract reports.ts). Each change and its audit entry
// ({id, before, after}, the key only as has_secret and secret_changed) commit together; refused
// input writes nothing, and a change that changed nothing leaves no entry.

export const REPORT_TEXT = {
  resourceMissing: "Укажите номер дашборда или идентификатор встраивания",
  secretMissing: "Укажите ключ встраивания",
  secretNotRsa: "Нужен закрытый ключ RSA в формате PEM",
  imageMissing: "Изображение не найдено — загрузите его заново",
  companyMissing: "Компания не найдена",
} as const;

export interface ReportFields {
  title?: string;
  tag?: string;
  img_uuid?: string | null;
  active?: boolean;
  provider?: ReportProvider;
  url?: string;
  resource_id?: string;
  restrict_param?: string | null;
  secret?: string | null;
  company_uuid?: string | null;
}

export interface Admin {
  caller: AuthUser;
  ip: string;
}

/** Russian alphabetical order, the same on PGlite and on any PostgreSQL collation. */
export const byTitle = (a: { title: string; pk: number }, b: { title: string; pk: number }) =>
  a.title.localeCompare(b.title, "ru") || a.pk - b.pk;

const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

/** A signed provider needs the resource id and a key (a DataLens key: an RSA private key in PEM). */
function signingProblems(settings: { provider: string; resourceId: string; secret: string | null }) {
  const problems: Record<string, string> = {};
  if (settings.provider === "url") return problems;
  if (settings.resourceId === "") problems.resource_id = REPORT_TEXT.resourceMissing;
  if (settings.secret === null) problems.secret = REPORT_TEXT.secretMissing;
  else if (settings.provider === "datalens" && !rsaPrivateKey(settings.secret))
    problems.secret = REPORT_TEXT.secretNotRsa;
  return problems;
}

/** The input as column values (image and company resolved) and what was wrong with it. */
async function columnsOf(tx: Db, fields: ReportFields) {
  const values: repo.ReportValues = {};
  const problems: Record<string, string> = {};
  if (fields.title !== undefined) values.title = fields.title;
  if (fields.tag !== undefined) values.tag = fields.tag;
  if (fields.active !== undefined) values.active = fields.active;
  if (fields.provider !== undefined) values.provider = fields.provider;
  if (fields.url !== undefined) values.url = fields.url;
  if (fields.resource_id !== undefined) values.resourceId = fields.resource_id;
  if (fields.restrict_param !== undefined) values.restrictParam = fields.restrict_param;
  if (fields.secret !== undefined) values.secret = fields.secret;
  if (fields.img_uuid !== undefined) {
    const imageId = fields.img_uuid === null ? null : await repo.contentImageId(tx, fields.img_uuid);
    if (imageId === undefined) problems.img_uuid = REPORT_TEXT.imageMissing;
    else values.imageId = imageId;
  }
  if (fields.company_uuid !== undefined) {
    const companyId = fields.company_uuid === null ? null : await repo.companyId(tx, fields.company_uuid);
    if (companyId === undefined) problems.company_uuid = REPORT_TEXT.companyMissing;
    else values.companyId = companyId;
  }
  return { values, problems };
}

/** Reports with their groups and how many users have them: three queries for any number. */
export async function loadReports(db: Db, ids?: number[]): Promise<AdminReport[]> {
  const rows = await repo.reportRows(db, ids);
  const reportIds = rows.map((r) => r.id);
  const groups = await repo.groupsOfReports(db, reportIds);
  const counts = await repo.reportUsersCounts(db, ids);
  return rows.map((row) => adminReport(row, groups.get(row.id) ?? [], counts.get(row.id) ?? 0)).sort(byTitle);
}

async function mustLoad(db: Db, id: number): Promise<AdminReport> {
  const [report] = await loadReports(db, [id]);
  if (!report) throw notFound();
  return report;
}

export function createReportsAdminService(db: Db) {
  const record = (tx: Db, who: Admin, action: AuditAction, id: number, before: unknown, after: unknown) =>
    audit(tx, { action, userId: who.caller.id, ip: who.ip, details: { id, before, after } });

  return {
    list: () => loadReports(db),

    create(who: Admin, fields: ReportFields & { title: string; tag: string; url: string }): Promise<AdminReport> {
      return db.transaction(async (tx) => {
        const { values, problems } = await columnsOf(tx, fields);
        Object.assign(
          problems,
          signingProblems({
            provider: fields.provider ?? "url",
            resourceId: fields.resource_id ?? "",
            secret: fields.secret ?? null,
          }),
        );
        if (Object.keys(problems).length > 0) throw validationError(problems);
        const id = await repo.insertReport(tx, { ...values, title: fields.title, tag: fields.tag, url: fields.url });
        const after = await mustLoad(tx, id);
        await record(tx, who, "report_created", id, null, reportSnapshot(after));
        return after;
      });
    },

    /** Checks the signing settings as they will be: the stored values with the patch over them. */
    update(who: Admin, uuid: string, fields: ReportFields): Promise<AdminReport> {
      return db.transaction(async (tx) => {
        const current = await repo.findReport(tx, uuid, true);
        if (!current) throw notFound();
        const before = await mustLoad(tx, current.id);
        const { values, problems } = await columnsOf(tx, fields);
        Object.assign(
          problems,
          signingProblems({
            provider: fields.provider ?? current.provider,
            resourceId: fields.resource_id ?? current.resourceId,
            secret: fields.secret === undefined ? current.secret : fields.secret,
          }),
        );
        if (Object.keys(problems).length > 0) throw validationError(problems);
        await repo.updateReport(tx, current.id, values);
        const after = await mustLoad(tx, current.id);
        const secretChanged = typeof fields.secret === "string" && fields.secret !== current.secret;
        const [was, now] = [reportSnapshot(before), reportChangeSnapshot(after, secretChanged)];
        if (!sameSnapshot(was, now)) await record(tx, who, "report_updated", current.id, was, now);
        return after;
      });
    },

    async remove(who: Admin, uuid: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await repo.findReport(tx, uuid, true);
        if (!current) throw notFound();
        const before = await mustLoad(tx, current.id);
        await repo.deleteReport(tx, current.id);
        await record(tx, who, "report_deleted", current.id, reportSnapshot(before), null);
      });
    },
  };
}
