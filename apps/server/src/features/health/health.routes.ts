import { healthRoute } from "@nadoy/contract/health";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps.db, healthRoute, async () => {
    await deps.db.execute(sql`select 1`); // answers ok only while the database does
    return { status: "ok" as const, db: deps.dbKind, version: deps.version };
  });
}
