import { exportUsageReport, getDatabaseAnalytics, getUsageReport } from "@nadoy/contract/usage";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createUsageService } from "./usage.service.ts";

/** Contract usage.ts: page hits by day, section and user (JSON and XLSX), user databases' uploads. */
export function usageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const usage = createUsageService(deps.db);

  registerRoute(app, deps.db, getUsageReport, ({ query }) => usage.report(query));

  // The file itself is the answer: a stream, which Fastify sends as it is.
  registerRoute(app, deps.db, exportUsageReport, async ({ query, reply }) => {
    const file = usage.export(query);
    reply.header("content-type", file.contentType).header("content-disposition", file.disposition);
    return file.body;
  });

  registerRoute(app, deps.db, getDatabaseAnalytics, () => usage.databases());
}
