import { NEWS_PAGE_SIZE } from "@nadoy/contract/content";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentImages, news } from "../../db/schema/index.ts";
import { isPublished, visibleTo } from "./news-audience.ts";

// The readers' SQL: the feed and one item, published and in the caller's audience only.

type Caller = { id: number; isSuperuser: boolean };

const feedColumns = {
  id: news.id,
  title: news.title,
  excerpt: news.excerpt,
  coverUuid: contentImages.uuid,
  publishAt: news.publishAt,
};

/** One page of the feed, newest first (news_feed_idx), and how many items the caller may read in all. */
export async function feedPage(db: Db, caller: Caller, page: number) {
  const where = and(isPublished, visibleTo(caller));
  const rows = await db
    .select(feedColumns)
    .from(news)
    .leftJoin(contentImages, eq(contentImages.id, news.coverImageId))
    .where(where)
    .orderBy(desc(news.publishAt), desc(news.id))
    .limit(NEWS_PAGE_SIZE)
    .offset((page - 1) * NEWS_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(news).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The item with its body when the caller may read it now; undefined otherwise. */
export async function readableNews(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select({ ...feedColumns, body: news.body })
    .from(news)
    .leftJoin(contentImages, eq(contentImages.id, news.coverImageId))
    .where(and(eq(news.id, id), isPublished, visibleTo(caller)))
    .limit(1);
  return row;
}
