import type { NewsDetail, NewsPage } from "@nadoy/contract/content";
import { NEWS_PAGE_SIZE } from "@nadoy/contract/content";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { Db } from "../../db/client.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError } from "../../platform/errors.ts";
import { newsDetail, newsItem } from "./news-dto.ts";
import * as repo from "./news-feed.repository.ts";

// Readers' news: the feed and one item. An item the caller may not read (another audience, a
// draft, scheduled for later) answers 404, exactly like a missing one.

export function createNewsFeedService(db: Db) {
  return {
    async page(caller: AuthUser, page: number): Promise<NewsPage> {
      const { rows, total } = await repo.feedPage(db, caller, page);
      return { items: rows.map(newsItem), total, page, page_size: NEWS_PAGE_SIZE };
    },

    async item(caller: AuthUser, id: number): Promise<NewsDetail> {
      const row = await repo.readableNews(db, caller, id);
      if (!row) throw new ApiError(404, ErrorCode.notFound, ErrorText.notFound);
      return newsDetail(row);
    },
  };
}
