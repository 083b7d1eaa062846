import { countHerdSegment } from "@nadoy/contract/herd-segments";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../app-deps.ts";
import { registerRoute } from "../../../platform/routes.ts";
import { countSegment } from "./segments.service.ts";

/** Herd segments (contract herd-segments.ts): the live count of a rule. */
export function herdSegmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  registerRoute(app, db, countHerdSegment, ({ user, params, body }) => countSegment(db, user, params.db_uuid, body));
}
