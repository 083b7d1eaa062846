import {
  createMonitoringDevice,
  createMonitoringSeries,
  createMonitoringSite,
  createMonitoringSubstation,
  deleteMonitoringDevice,
  deleteMonitoringSeries,
  deleteMonitoringSite,
  deleteMonitoringSubstation,
  getMonitoringModel,
  updateMonitoringDevice,
  updateMonitoringSeries,
  updateMonitoringSite,
  updateMonitoringSubstation,
} from "@nadoy/contract/monitoring-model";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute as route } from "../../platform/routes.ts";
import { createMonitoringModelService } from "./monitoring-model.service.ts";

/** The model editor of a monitoring database (contract monitoring-model.ts). */
export function monitoringModelRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const model = createMonitoringModelService(db);

  route(app, db, getMonitoringModel, ({ user, params }) => model.model(user, params.db_uuid));

  route(app, db, createMonitoringSite, ({ user, params, body }) => model.createSite(user, params.db_uuid, body));
  route(app, db, updateMonitoringSite, ({ user, params, body }) =>
    model.updateSite(user, params.db_uuid, params.id, body),
  );
  route(app, db, deleteMonitoringSite, ({ user, params }) => model.deleteSite(user, params.db_uuid, params.id));

  route(app, db, createMonitoringDevice, ({ user, params, body }) => model.createDevice(user, params.db_uuid, body));
  route(app, db, updateMonitoringDevice, ({ user, params, body }) =>
    model.updateDevice(user, params.db_uuid, params.id, body),
  );
  route(app, db, deleteMonitoringDevice, ({ user, params }) => model.deleteDevice(user, params.db_uuid, params.id));

  route(app, db, createMonitoringSubstation, ({ user, params, body }) =>
    model.createSubstation(user, params.db_uuid, body),
  );
  route(app, db, updateMonitoringSubstation, ({ user, params, body }) =>
    model.updateSubstation(user, params.db_uuid, params.id, body),
  );
  route(app, db, deleteMonitoringSubstation, ({ user, params }) =>
    model.deleteSubstation(user, params.db_uuid, params.id),
  );

  route(app, db, createMonitoringSeries, ({ user, params, body }) => model.createSeries(user, params.db_uuid, body));
  route(app, db, updateMonitoringSeries, ({ user, params, body }) =>
    model.updateSeries(user, params.db_uuid, params.id, body),
  );
  route(app, db, deleteMonitoringSeries, ({ user, params }) => model.deleteSeries(user, params.db_uuid, params.id));
}
