import {
  getMonitoringCatalog,
  getMonitoringPoints,
  getMonitoringStates,
  getPowerEnergy,
  getPowerOverview,
} from "@nadoy/contract/monitoring";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute as route } from "../../platform/routes.ts";
import { createMonitoringService } from "./monitoring.service.ts";

/** Equipment and power monitoring, read side (contract monitoring.ts). */
export function monitoringReadRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const monitoring = createMonitoringService(db);

  route(app, db, getMonitoringCatalog, ({ user, params }) => monitoring.catalog(user, params.db_uuid));
  route(app, db, getMonitoringPoints, ({ user, params, query }) => monitoring.points(user, params.db_uuid, query));
  route(app, db, getMonitoringStates, ({ user, params, query }) => monitoring.states(user, params.db_uuid, query));
  route(app, db, getPowerOverview, ({ user, params }) => monitoring.power(user, params.db_uuid));
  route(app, db, getPowerEnergy, ({ user, params, query }) => monitoring.energy(user, params.db_uuid, query));
}
