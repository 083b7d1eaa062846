import {
  createNews,
  deleteNews,
  getNews,
  listNews,
  manageNews,
  manageNewsList,
  publishNews,
  updateNews,
} from "@nadoy/contract/content";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";
import { contentImagesRoutes } from "./content-images.routes.ts";
import { createNewsFeedService } from "./news-feed.service.ts";
import { createNewsManageService } from "./news-manage.service.ts";

/** News (contract content.ts): the feed, one item, editors' CRUD and publishing, content images. */
export function contentNewsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const feed = createNewsFeedService(db);
  const editors = createNewsManageService(db);

  registerRoute(app, db, listNews, ({ user, query }) => feed.page(user, query.page));
  registerRoute(app, db, getNews, ({ user, params }) => feed.item(user, params.id));

  registerRoute(app, db, manageNewsList, () => editors.list());
  registerRoute(app, db, createNews, ({ user, ip, body }) => editors.create({ caller: user, ip }, body));
  registerRoute(app, db, manageNews, ({ params }) => editors.get(params.id));
  registerRoute(app, db, updateNews, ({ user, ip, params, body }) =>
    editors.update({ caller: user, ip }, params.id, body),
  );
  registerRoute(app, db, deleteNews, ({ user, ip, params }) => editors.remove({ caller: user, ip }, params.id));
  registerRoute(app, db, publishNews, ({ user, ip, params, body }) =>
    editors.publish({ caller: user, ip }, params.id, body.publish_at),
  );

  contentImagesRoutes(app, db);
}
