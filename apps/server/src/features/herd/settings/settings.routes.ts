import { getHerdSettings, updateHerdSettings } from "@nadoy/contract/herd-settings";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../app-deps.ts";
import { registerRoute } from "../../../platform/routes.ts";
import { createHerdSettingsService } from "./settings.service.ts";

/** A herd database's settings (contract herd-settings.ts): read by its readers, changed by its uploaders. */
export function herdSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const settings = createHerdSettingsService(db);
  registerRoute(app, db, getHerdSettings, ({ user, params }) => settings.get(user, params.db_uuid));
  registerRoute(app, db, updateHerdSettings, ({ user, params, body }) => settings.update(user, params.db_uuid, body));
}
