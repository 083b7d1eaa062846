import {
  contentImagePath,
  type ManagedNews,
  type NewsDetail,
  type NewsItem,
  newsStatus,
} from "@nadoy/contract/content";
import { displayName } from "@nadoy/contract/users";
import type { AudienceRows, ManagedRow } from "./news-manage.repository.ts";

// Rows → the contract's shapes (contract content.ts).

interface FeedRow {
  id: number;
  title: string;
  excerpt: string;
  coverUuid: string | null;
  publishAt: Date | null;
}

/** A feed entry; only published rows reach it, so publishAt is set. */
export function newsItem(row: FeedRow): NewsItem {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    cover_url: row.coverUuid === null ? null : contentImagePath(row.coverUuid),
    publish_at: (row.publishAt ?? new Date(0)).toISOString(),
  };
}

export function newsDetail(row: FeedRow & { body: string }): NewsDetail {
  return { ...newsItem(row), body: row.body };
}

function editor(id: number | null, username: string | null, firstName: string | null, lastName: string | null) {
  if (id === null || username === null) return null;
  return { id, name: displayName({ username, first_name: firstName ?? "", last_name: lastName ?? "" }) };
}

function audienceOf(kind: string, rows: AudienceRows): ManagedNews["audience"] {
  if (kind === "companies") return { kind, companies: rows.companies };
  if (kind === "roles") return { kind, roles: rows.roles };
  return { kind: "all" };
}

export function managedNews(row: ManagedRow, audience: AudienceRows, now: Date = new Date()): ManagedNews {
  const publishAt = row.publishAt?.toISOString() ?? null;
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    body: row.body,
    cover_url: row.coverUuid === null ? null : contentImagePath(row.coverUuid),
    cover_image_uuid: row.coverUuid,
    publish_at: publishAt,
    status: newsStatus(publishAt, now),
    audience: audienceOf(row.audience, audience),
    created_by: editor(row.creatorId, row.creatorUsername, row.creatorFirstName, row.creatorLastName),
    updated_by: editor(row.updaterId, row.updaterUsername, row.updaterFirstName, row.updaterLastName),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an item, before and after a change: everything an editor can set. */
export function auditSnapshot(item: ManagedNews) {
  return {
    title: item.title,
    excerpt: item.excerpt,
    body: item.body,
    cover_image_uuid: item.cover_image_uuid,
    publish_at: item.publish_at,
    audience: item.audience,
  };
}
