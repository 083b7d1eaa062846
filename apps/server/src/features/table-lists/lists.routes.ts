import {
  createColumnRoute,
  createListRoute,
  createRowRoute,
  deleteColumnRoute,
  deleteListRoute,
  deleteRowsRoute,
  exportListRoute,
  importListRoute,
  LIST_FILE_TYPES,
  listFormRoute,
  listRoute,
  listsRoute,
  moveRowRoute,
  publishFormRoute,
  reorderColumnsRoute,
  saveFormRoute,
  updateColumnRoute,
  updateListRoute,
  updateRowRoute,
} from "@nadoy/contract/lists";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { closeUnreadUpload } from "../../platform/imports/import-rows.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createListColumnsService } from "./list-columns.service.ts";
import { createListFilesService } from "./list-files.service.ts";
import { createFormBuilderService } from "./list-form-builder.service.ts";
import { listChangedHints } from "./list-hints.ts";
import { createListsService } from "./lists.service.ts";

/** The list engine: catalogue, lists, columns and rows (contract lists.ts). */
export function listsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const lists = createListsService(db, listChangedHints(deps.realtime));
  const columns = createListColumnsService(db, lists);
  const files = createListFilesService(db, lists, deps.imports);
  const forms = createFormBuilderService(db, lists);

  // Import bodies are the file's bytes, handed on as the request's stream: platform/imports reads
  // them as they arrive and bounds them (LIST_IMPORT_BYTES_MAX, 413), once the import may start.
  for (const type of Object.values(LIST_FILE_TYPES)) {
    if (!app.hasContentTypeParser(type)) app.addContentTypeParser(type, (_request, body, done) => done(null, body));
  }

  registerRoute(app, db, listsRoute, ({ user, query }) => lists.catalogue(user, query.kind));
  registerRoute(app, db, createListRoute, ({ user, body }) => lists.create(user, body));
  registerRoute(app, db, listRoute, ({ user, params }) => lists.get(user, params.uuid));
  registerRoute(app, db, updateListRoute, ({ user, params, body }) => lists.rename(user, params.uuid, body.name));
  registerRoute(app, db, deleteListRoute, async ({ user, params }) => {
    await lists.remove(user, params.uuid);
    return null;
  });

  registerRoute(app, db, createColumnRoute, ({ user, params, body }) => columns.create(user, params.uuid, body));
  registerRoute(app, db, updateColumnRoute, ({ user, params, body }) => columns.update(user, params.uuid, body));
  registerRoute(app, db, deleteColumnRoute, async ({ user, params }) => {
    await columns.remove(user, params.uuid);
    return null;
  });
  registerRoute(app, db, reorderColumnsRoute, ({ user, params, body }) => columns.reorder(user, params.uuid, body));

  registerRoute(app, db, createRowRoute, ({ user, params, body }) => lists.createRow(user, params.uuid, body));
  registerRoute(app, db, updateRowRoute, ({ user, params, body }) => lists.updateRow(user, params.uuid, body.values));
  registerRoute(app, db, moveRowRoute, ({ user, params, body }) => lists.moveRow(user, params.uuid, body.after_uuid));
  registerRoute(app, db, deleteRowsRoute, ({ user, params, body }) => lists.deleteRows(user, params.uuid, body.uuids));

  // The file itself is the answer: a Buffer or a stream, which Fastify sends as they are.
  registerRoute(app, db, exportListRoute, async ({ user, params, query, reply }) => {
    const file = await files.export(user, params.uuid, query.format, query.view, query.csv);
    reply.header("content-type", file.contentType).header("content-disposition", file.disposition);
    return file.body;
  });
  registerRoute(app, db, importListRoute, async ({ user, params, query, request, reply }) => {
    try {
      return await files.import(user, params.uuid, {
        format: query.format,
        mode: query.mode,
        skipInvalid: query.skip_invalid,
        body: request.body,
        contentType: request.headers["content-type"],
        contentLength: request.headers["content-length"] ? Number(request.headers["content-length"]) : undefined,
      });
    } finally {
      closeUnreadUpload(request, reply);
    }
  });

  registerRoute(app, db, listFormRoute, ({ user, params }) => forms.get(user, params.uuid));
  registerRoute(app, db, saveFormRoute, ({ user, params, body }) => forms.save(user, params.uuid, body));
  registerRoute(app, db, publishFormRoute, ({ user, params, body }) =>
    forms.publish(user, params.uuid, body.published),
  );
}
