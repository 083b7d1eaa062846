import {
  createBusiness,
  createDatabase,
  createDtmEntry,
  createFarm,
  deleteBusiness,
  deleteDtmEntry,
  deleteFarm,
  getBusiness,
  getFarm,
  listBusinesses,
  listBusinessUsers,
  updateBusiness,
  updateDatabase,
  updateDtmEntry,
  updateFarm,
} from "@nadoy/contract/business";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute as route } from "../../platform/routes.ts";
import { createBusinessService } from "./business.service.ts";
import { createDatabasesService } from "./business-databases.service.ts";
import { createDtmService } from "./business-dtm.service.ts";
import { createFarmsService } from "./business-farms.service.ts";
import { listBusinessUsers as businessUsersPage } from "./business-users.service.ts";

/** Business users (contract business.ts): companies, farms, user databases, DTM entries. Superusers and role 1 only. */
export function businessRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const businesses = createBusinessService(db);
  const farms = createFarmsService(db);
  const databases = createDatabasesService(db);
  const dtm = createDtmService(db);
  /**
   * Who joined or left a company or farm: their open sockets follow at once, on every instance (the
   * hub checks them again; cached callers are dropped). Told after the commit. (What a socket
   * carries depends on companies, not yet on farms or databases: a herd socket would add those.)
   */
  const rightsChanged = async (before: readonly { id: number }[], after: readonly { id: number }[]) => {
    const was = new Set(before.map((u) => u.id));
    const now = new Set(after.map((u) => u.id));
    const changed = [...[...was].filter((id) => !now.has(id)), ...[...now].filter((id) => !was.has(id))];
    if (changed.length > 0) await deps.realtime.callersChanged(changed);
  };

  route(app, db, listBusinesses, ({ query }) => businesses.list(query));
  route(app, db, getBusiness, ({ params }) => businesses.get(params.uuid));
  route(app, db, createBusiness, ({ user, ip, body }) => businesses.create({ caller: user, ip }, body.name));
  route(app, db, updateBusiness, async ({ user, ip, params, body }) => {
    // Read before the change only to know whom to tell: a concurrent change tells its own.
    const before = body.user_ids === undefined ? undefined : await businesses.get(params.uuid);
    const after = await businesses.update({ caller: user, ip }, params.uuid, body);
    if (before) await rightsChanged(before.users, after.users);
    return after;
  });
  route(app, db, deleteBusiness, async ({ user, ip, params }) => {
    const before = await businesses.get(params.uuid);
    await businesses.remove({ caller: user, ip }, params.uuid);
    await rightsChanged(before.users, []);
  });

  route(app, db, createFarm, async ({ user, ip, params, body }) => {
    const created = await farms.create({ caller: user, ip }, params.uuid, body);
    await rightsChanged([], created.users);
    return created;
  });
  route(app, db, getFarm, ({ params }) => farms.get(params.uuid));
  route(app, db, updateFarm, async ({ user, ip, params, body }) => {
    const before = body.user_ids === undefined ? undefined : await farms.get(params.uuid);
    const after = await farms.update({ caller: user, ip }, params.uuid, body);
    if (before) await rightsChanged(before.users, after.users);
    return after;
  });
  route(app, db, deleteFarm, async ({ user, ip, params }) => {
    const before = await farms.get(params.uuid);
    await farms.remove({ caller: user, ip }, params.uuid);
    await rightsChanged(before.users, []);
  });

  route(app, db, createDatabase, ({ user, ip, params, body }) =>
    databases.create({ caller: user, ip }, params.uuid, body),
  );
  route(app, db, updateDatabase, ({ user, ip, params, body }) =>
    databases.update({ caller: user, ip }, params.uuid, body),
  );

  route(app, db, createDtmEntry, ({ user, ip, params, body }) =>
    dtm.create({ caller: user, ip }, params.uuid, body.company_code),
  );
  route(app, db, updateDtmEntry, ({ user, ip, params, body }) =>
    dtm.update({ caller: user, ip }, params.uuid, body.company_code),
  );
  route(app, db, deleteDtmEntry, async ({ user, ip, params }) => {
    await dtm.remove({ caller: user, ip }, params.uuid);
  });

  route(app, db, listBusinessUsers, ({ query }) => businessUsersPage(db, query));
}
