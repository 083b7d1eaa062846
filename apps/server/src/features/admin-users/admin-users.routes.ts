import {
  createAdminUser,
  getAdminUser,
  listAdminRoles,
  listAdminUsers,
  listAudit,
  resetAdminUserPassword,
  updateAdminUser,
} from "@nadoy/contract/admin-users";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute as route } from "../../platform/routes.ts";
import { listRoles } from "./admin-roles.ts";
import { createAdminUsersService } from "./admin-users.service.ts";
import { auditPage } from "./audit-log.service.ts";

/** Administration (contract admin-users.ts): users, roles, the audit log. The contract's auth rule admits role 1 and superusers. */
export function adminUsersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const users = createAdminUsersService({
    db,
    publicUrl: deps.publicUrl,
    mailQueued: () => void deps.mailer.kick(),
    sessionsEnded: (filter) => deps.realtime.endSessions(filter),
    callersChanged: (userIds) => deps.realtime.callersChanged(userIds),
  });

  route(app, db, listAdminUsers, ({ query }) => users.list(query));
  route(app, db, getAdminUser, ({ params }) => users.get(params.id));
  route(app, db, createAdminUser, ({ user, ip, body }) => users.create({ caller: user, ip }, body));
  route(app, db, updateAdminUser, ({ user, ip, params, body }) => users.update({ caller: user, ip }, params.id, body));
  route(app, db, resetAdminUserPassword, async ({ user, ip, params }) => {
    await users.sendPasswordReset({ caller: user, ip }, params.id);
  });
  route(app, db, listAdminRoles, () => listRoles(db));
  route(app, db, listAudit, ({ query }) => auditPage(db, query));
}
