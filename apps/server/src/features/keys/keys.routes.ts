import { createKey, getKeygenWorkspace, revokeKey } from "@nadoy/contract/keys";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createKeysService } from "./keys.service.ts";

/** The key generator (contract keys.ts): a workspace's keys, create (secret shown once), revoke. */
export function keysRoutes(app: FastifyInstance, deps: AppDeps): void {
  const keys = createKeysService(deps.db);
  registerRoute(app, deps.db, getKeygenWorkspace, ({ user, params }) => keys.workspace(user, params.uuid));
  registerRoute(app, deps.db, createKey, ({ user, params, body, ip }) => keys.create(user, params.uuid, body, ip));
  registerRoute(app, deps.db, revokeKey, ({ user, params, ip }) => keys.revoke(user, params.uuid, ip));
}
