import { userDataRoute, userProfilePatchRoute, userProfileRoute } from "@nadoy/contract/users";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createUsersService } from "./users.service.ts";

export function usersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const users = createUsersService({
    db: deps.db,
    onlineUsers: (caller) => deps.realtime.onlineUsersVisibleTo({ userId: caller.id, isSuperuser: caller.isSuperuser }),
  });
  registerRoute(app, deps.db, userDataRoute, ({ user }) => users.data(user));
  registerRoute(app, deps.db, userProfileRoute, ({ user }) => users.profile(user));
  registerRoute(app, deps.db, userProfilePatchRoute, ({ user, body, ip }) => users.updateProfile(user, body, ip));
}
