import { formDataRoute, formSubmitRoute, formTagsRoute } from "@nadoy/contract/table-lists";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";
import { listChangedHints } from "./list-hints.ts";
import { listsRoutes } from "./lists.routes.ts";
import { createTableListsService } from "./table-lists.service.ts";

export function tableListsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const tableLists = createTableListsService(deps.db, listChangedHints(deps.realtime));
  registerRoute(app, deps.db, formDataRoute, ({ query }) => tableLists.formData(query.uuid_link));
  registerRoute(app, deps.db, formTagsRoute, ({ query }) => tableLists.tags(query.column_uuid));
  registerRoute(app, deps.db, formSubmitRoute, ({ body }) => tableLists.submit(body));
  listsRoutes(app, deps);
}
