import { type AppConfig, appConfigRoute } from "@nadoy/contract/app-config";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";

/** Public settings of this server, fixed at start: the answer is built once. */
export function appConfigRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { config } = deps;
  const answer: AppConfig = {
    version: deps.version,
    yandex_login: Boolean(config.YANDEX_CLIENT_ID && config.YANDEX_CLIENT_SECRET),
    yandex_metrika_id: config.YANDEX_METRIKA_ID ?? null,
    board_socket_host: config.BOARD_SOCKET_HOST ?? null,
  };
  registerRoute(app, deps.db, appConfigRoute, async () => answer);
}
