import {
  createIframeGroup,
  createReport,
  deleteIframeGroup,
  deleteReport,
  getReportEmbed,
  getReportsPortal,
  getUserReportGroups,
  listAdminIframeGroups,
  listAdminReports,
  updateIframeGroup,
  updateReport,
} from "@nadoy/contract/reports";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createIframeGroupsService } from "./iframe-groups.service.ts";
import { createReportsAdminService } from "./reports-admin.service.ts";
import { createReportsPortalService } from "./reports-portal.service.ts";

/** Contract reports.ts: the portal and embeds for readers, the catalogue and groups for admins. */
export function reportsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const portal = createReportsPortalService(db);
  const reports = createReportsAdminService(db);
  const groups = createIframeGroupsService(db);

  registerRoute(app, db, getReportsPortal, ({ user }) => portal.portal(user));
  registerRoute(app, db, getReportEmbed, ({ user, params }) => portal.embed(user, params.uuid));
  registerRoute(app, db, getUserReportGroups, ({ user, params }) => portal.userGroups(user, params.id));

  registerRoute(app, db, listAdminReports, () => reports.list());
  registerRoute(app, db, createReport, ({ user, ip, body }) => reports.create({ caller: user, ip }, body));
  registerRoute(app, db, updateReport, ({ user, ip, params, body }) =>
    reports.update({ caller: user, ip }, params.uuid, body),
  );
  registerRoute(app, db, deleteReport, ({ user, ip, params }) => reports.remove({ caller: user, ip }, params.uuid));

  registerRoute(app, db, listAdminIframeGroups, () => groups.list());
  registerRoute(app, db, createIframeGroup, ({ user, ip, body }) => groups.create({ caller: user, ip }, body));
  registerRoute(app, db, updateIframeGroup, ({ user, ip, params, body }) =>
    groups.update({ caller: user, ip }, params.pk, body),
  );
  registerRoute(app, db, deleteIframeGroup, ({ user, ip, params }) => groups.remove({ caller: user, ip }, params.pk));
}
