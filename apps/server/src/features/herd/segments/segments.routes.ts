import {
  countHerdSegment,
  createHerdSegment,
  deleteHerdSegment,
  listHerdSegments,
  updateHerdSegment,
} from "@nadoy/contract/herd-segments";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../app-deps.ts";
import { registerRoute } from "../../../platform/routes.ts";
import { countSegment, createSegmentService } from "./segments.service.ts";

/** Herd segments (contract herd-segments.ts): the live count of a rule, and saved segments. */
export function herdSegmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const segments = createSegmentService(db);
  registerRoute(app, db, countHerdSegment, ({ user, params, body }) => countSegment(db, user, params.db_uuid, body));
  registerRoute(app, db, listHerdSegments, ({ user, params }) => segments.list(user, params.db_uuid));
  registerRoute(app, db, createHerdSegment, ({ user, params, body }) => segments.create(user, params.db_uuid, body));
  registerRoute(app, db, updateHerdSegment, ({ user, params, body }) =>
    segments.update(user, params.db_uuid, params.segment_uuid, body),
  );
  registerRoute(app, db, deleteHerdSegment, ({ user, params }) =>
    segments.remove(user, params.db_uuid, params.segment_uuid),
  );
}
