import {
  getHerdAnimal,
  listHerdAnimals,
  listHerdDatasets,
  listHerdEvents,
  listHerdUploads,
} from "@nadoy/contract/herd";
import { listMyHerdUploads } from "@nadoy/contract/herd-spreadsheet";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute as route } from "../../platform/routes.ts";
import { createHerdService } from "./herd.service.ts";

/** Herd data, read side (contract herd.ts): animals, the card, events, upload history, datasets. */
export function herdReadRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const herd = createHerdService(db);

  route(app, db, listHerdAnimals, ({ user, params, query }) => herd.animals(user, params.db_uuid, query));
  route(app, db, getHerdAnimal, ({ user, params }) => herd.animal(user, params.db_uuid, params.animal_uuid));
  route(app, db, listHerdEvents, ({ user, params, query }) => herd.events(user, params.db_uuid, query));
  route(app, db, listHerdUploads, ({ user, params }) => herd.uploads(user, params.db_uuid));
  route(app, db, listMyHerdUploads, ({ user, query }) => herd.myUploads(user, query.format));
  route(app, db, listHerdDatasets, ({ user }) => herd.datasets(user));
}
