import {
  createInstruction,
  deleteInstruction,
  getInstruction,
  listInstructions,
  manageInstruction,
  manageInstructionsList,
  reorderInstructions,
  updateInstruction,
} from "@nadoy/contract/instructions";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createInstructionsManageService } from "./instructions-manage.service.ts";
import { createInstructionsReadService } from "./instructions-read.service.ts";

/** Help articles (contract instructions.ts): readers' list, search and article; editors' CRUD and order. */
export function instructionsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const readers = createInstructionsReadService(db);
  const editors = createInstructionsManageService(db);

  registerRoute(app, db, listInstructions, ({ user, query }) => readers.list(user, query.q));
  registerRoute(app, db, getInstruction, ({ user, params }) => readers.get(user, params.uuid));

  registerRoute(app, db, manageInstructionsList, () => editors.list());
  registerRoute(app, db, createInstruction, ({ user, ip, body }) => editors.create({ caller: user, ip }, body));
  registerRoute(app, db, manageInstruction, ({ params }) => editors.get(params.uuid));
  registerRoute(app, db, updateInstruction, ({ user, ip, params, body }) =>
    editors.update({ caller: user, ip }, params.uuid, body),
  );
  registerRoute(app, db, deleteInstruction, ({ user, ip, params }) =>
    editors.remove({ caller: user, ip }, params.uuid),
  );
  registerRoute(app, db, reorderInstructions, ({ user, ip, body }) =>
    editors.reorder({ caller: user, ip }, body.uuids),
  );
}
