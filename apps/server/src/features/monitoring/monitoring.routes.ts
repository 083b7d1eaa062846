import {
  exportMonitoringPoints,
  getMonitoringCatalog,
  getMonitoringPoints,
  getMonitoringStates,
  getPowerEnergy,
  getPowerOverview,
} from "@nadoy/contract/monitoring";
import { getPowerDays, getPowerPeriod, getPowerProfile } from "@nadoy/contract/monitoring-averages";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { attachmentDisposition } from "../../platform/content-disposition.ts";
import { registerRoute as route } from "../../platform/routes.ts";
import { createMonitoringService } from "./monitoring.service.ts";
import { createPowerService } from "./power.service.ts";
import { createPowerAveragesService } from "./power-averages.service.ts";

/** Equipment and power monitoring, read side (contract monitoring.ts). */
export function monitoringReadRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const monitoring = createMonitoringService(db);
  const power = createPowerService(db);
  const averages = createPowerAveragesService(db);

  route(app, db, getMonitoringCatalog, ({ user, params }) => monitoring.catalog(user, params.db_uuid));
  route(app, db, getMonitoringPoints, ({ user, params, query }) => monitoring.points(user, params.db_uuid, query));
  route(app, db, exportMonitoringPoints, async ({ user, params, query, reply }) => {
    const file = await monitoring.exportPoints(user, params.db_uuid, query);
    reply
      .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", attachmentDisposition(file.name, "monitoring"));
    return file.body;
  });
  route(app, db, getMonitoringStates, ({ user, params, query }) => monitoring.states(user, params.db_uuid, query));
  route(app, db, getPowerOverview, ({ user, params }) => power.overview(user, params.db_uuid));
  route(app, db, getPowerEnergy, ({ user, params, query }) => power.energy(user, params.db_uuid, query));
  route(app, db, getPowerProfile, ({ user, params, query }) => averages.profile(user, params.db_uuid, query));
  route(app, db, getPowerDays, ({ user, params, query }) => averages.days(user, params.db_uuid, query));
  route(app, db, getPowerPeriod, ({ user, params, query }) => averages.period(user, params.db_uuid, query));
}
