import {
  exportHerdReport,
  getHerdReport,
  type HerdReportNumber,
  listHerdReportAnimals,
} from "@nadoy/contract/herd-reports";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../app-deps.ts";
import { attachmentDisposition } from "../../../platform/content-disposition.ts";
import { registerRoute } from "../../../platform/routes.ts";
import { createReportService } from "./reports.service.ts";

/** Native herd reports (contract herd-reports.ts): the figures and the animals behind each. */
export function herdReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const reports = createReportService(db);
  registerRoute(app, db, getHerdReport, ({ user, params, query }) =>
    reports.report(user, params.db_uuid, params.n as HerdReportNumber, query),
  );
  registerRoute(app, db, exportHerdReport, async ({ user, params, query, reply }) => {
    const file = await reports.export(user, params.db_uuid, params.n as HerdReportNumber, query);
    reply
      .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", attachmentDisposition(file.name, "report"));
    return file.body;
  });
  registerRoute(app, db, listHerdReportAnimals, ({ user, params, query }) =>
    reports.animals(user, params.db_uuid, params.n as HerdReportNumber, query.drill, query.page),
  );
}
