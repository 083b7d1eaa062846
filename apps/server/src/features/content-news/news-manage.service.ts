import type { ManagedNews, NewsAudience } from "@nadoy/contract/content";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { Db } from "../../db/client.ts";
import { type AuditAction, audit } from "../../platform/audit.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import { sanitizeContentHtml } from "../../platform/rich-text.ts";
import { auditSnapshot, managedNews } from "./news-dto.ts";
import * as repo from "./news-manage.repository.ts";

// Editors' news (contract content.ts): create as a draft, change, delete, publish or schedule.
// Each change and its audit entry ({id, before, after}) commit together; a refused change
// (unknown image or company, missing item) throws inside the transaction and writes nothing.

export const NEWS_COVER_MISSING_TEXT = "Изображение не найдено — загрузите его заново";
export const NEWS_COMPANY_MISSING_TEXT = "Некоторых компаний больше нет";

const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

export interface NewsFields {
  title?: string;
  excerpt?: string;
  body?: string;
  cover_image_uuid?: string | null;
  audience?: NewsAudience;
}

/** The input as column values: the body sanitised, the image and companies resolved to ids. */
async function columnsOf(tx: Db, fields: NewsFields) {
  const values: repo.NewsValues = {};
  if (fields.title !== undefined) values.title = fields.title;
  if (fields.excerpt !== undefined) values.excerpt = fields.excerpt;
  if (fields.body !== undefined) values.body = sanitizeContentHtml(fields.body);
  if (fields.cover_image_uuid !== undefined) {
    if (fields.cover_image_uuid === null) values.coverImageId = null;
    else {
      const imageId = await repo.contentImageId(tx, fields.cover_image_uuid);
      if (imageId === undefined) throw validationError({ cover_image_uuid: NEWS_COVER_MISSING_TEXT });
      values.coverImageId = imageId;
    }
  }
  let audienceRows: { companyIds: number[]; roles: number[] } | undefined;
  if (fields.audience !== undefined) {
    values.audience = fields.audience.kind;
    audienceRows = { companyIds: [], roles: [] };
    if (fields.audience.kind === "companies") {
      const uuids = [...new Set(fields.audience.company_uuids)];
      const ids = await repo.companyIds(tx, uuids);
      if (ids.size !== uuids.length) throw validationError({ audience: NEWS_COMPANY_MISSING_TEXT });
      audienceRows.companyIds = [...ids.values()];
    }
    if (fields.audience.kind === "roles") audienceRows.roles = [...new Set(fields.audience.roles)];
  }
  return { values, audienceRows };
}

async function load(db: Db, id: number): Promise<ManagedNews | undefined> {
  const row = await repo.findNews(db, id);
  if (!row) return undefined;
  const audiences = await repo.audienceRows(db, [id]);
  return managedNews(row, audiences.get(id) ?? { companies: [], roles: [] });
}

async function mustLoad(db: Db, id: number): Promise<ManagedNews> {
  const item = await load(db, id);
  if (!item) throw notFound();
  return item;
}

interface Editor {
  caller: AuthUser;
  ip: string;
}

export function createNewsManageService(db: Db) {
  /** Runs a change of an existing item: locked, loaded before and after, audited (when it changed) in the same transaction. */
  function change(
    who: Editor,
    id: number,
    action: AuditAction,
    apply: (tx: Db) => Promise<void>,
  ): Promise<ManagedNews> {
    return db.transaction(async (tx) => {
      if (!(await repo.lockNews(tx, id))) throw notFound();
      const before = await mustLoad(tx, id);
      await apply(tx);
      const after = await mustLoad(tx, id);
      const [was, now] = [auditSnapshot(before), auditSnapshot(after)];
      // A save that changes nothing an editor sets is not a change (as for companies, users, reports).
      if (JSON.stringify(was) !== JSON.stringify(now)) {
        await audit(tx, { action, userId: who.caller.id, ip: who.ip, details: { id, before: was, after: now } });
      }
      return after;
    });
  }

  return {
    async list(): Promise<Omit<ManagedNews, "body">[]> {
      const rows = await repo.allNews(db);
      const audiences = await repo.audienceRows(
        db,
        rows.map((r) => r.id),
      );
      const now = new Date();
      return rows.map((row) => {
        const { body: _body, ...item } = managedNews(row, audiences.get(row.id) ?? { companies: [], roles: [] }, now);
        return item;
      });
    },

    get: (id: number) => mustLoad(db, id),

    /** A new draft. */
    create(who: Editor, fields: NewsFields & { title: string }): Promise<ManagedNews> {
      return db.transaction(async (tx) => {
        const { values, audienceRows } = await columnsOf(tx, fields);
        const id = await repo.insertNews(tx, { ...values, title: fields.title, publishAt: null }, who.caller.id);
        if (audienceRows) await repo.replaceAudience(tx, id, audienceRows);
        const after = await mustLoad(tx, id);
        await audit(tx, {
          action: "news_created",
          userId: who.caller.id,
          ip: who.ip,
          details: { id, before: null, after: auditSnapshot(after) },
        });
        return after;
      });
    },

    update(who: Editor, id: number, fields: NewsFields): Promise<ManagedNews> {
      return change(who, id, "news_updated", async (tx) => {
        const { values, audienceRows } = await columnsOf(tx, fields);
        await repo.updateNews(tx, id, values, who.caller.id);
        if (audienceRows) await repo.replaceAudience(tx, id, audienceRows);
      });
    },

    /** null: back to draft; now or past: published; future: scheduled. */
    publish(who: Editor, id: number, publishAt: string | null): Promise<ManagedNews> {
      return change(who, id, "news_published", (tx) =>
        repo.updateNews(tx, id, { publishAt: publishAt === null ? null : new Date(publishAt) }, who.caller.id),
      );
    },

    async remove(who: Editor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.lockNews(tx, id))) throw notFound();
        const before = await mustLoad(tx, id);
        await repo.deleteNews(tx, id);
        await audit(tx, {
          action: "news_deleted",
          userId: who.caller.id,
          ip: who.ip,
          details: { id, before: auditSnapshot(before), after: null },
        });
      });
    },
  };
}
