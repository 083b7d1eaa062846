import { exportDtmTransfers, getDtmTransfers } from "@nadoy/contract/dtm";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createDtmService } from "./dtm.service.ts";

/** The DTM module (contract dtm.ts): an entry's transfers (page, per day, keys) and their XLSX. */
export function dtmRoutes(app: FastifyInstance, deps: AppDeps): void {
  const dtm = createDtmService(deps.db);
  registerRoute(app, deps.db, getDtmTransfers, ({ user, params, query }) => dtm.transfers(user, params.uuid, query));
  // The file itself is the answer: a stream, which Fastify sends as it is.
  registerRoute(app, deps.db, exportDtmTransfers, async ({ user, params, query, reply }) => {
    const file = await dtm.export(user, params.uuid, query);
    reply.header("content-type", file.contentType).header("content-disposition", file.disposition);
    return file.body;
  });
}
