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
  // Who joined or left a company or farm: their open sockets follow at once, on every instance.
  const membersChanged = (userIds: number[]) => deps.realtime.callersChanged(userIds);
  const businesses = createBusinessService(db, membersChanged);
  const farms = createFarmsService(db, membersChanged);
  const databases = createDatabasesService(db);
  const dtm = createDtmService(db);

  route(app, db, listBusinesses, ({ query }) => businesses.list(query));
  route(app, db, getBusiness, ({ params }) => businesses.get(params.uuid));
  route(app, db, createBusiness, ({ user, ip, body }) => businesses.create({ caller: user, ip }, body.name));
  route(app, db, updateBusiness, ({ user, ip, params, body }) =>
    businesses.update({ caller: user, ip }, params.uuid, body),
  );
  route(app, db, deleteBusiness, async ({ user, ip, params }) => {
    await businesses.remove({ caller: user, ip }, params.uuid);
  });

  route(app, db, createFarm, ({ user, ip, params, body }) => farms.create({ caller: user, ip }, params.uuid, body));
  route(app, db, getFarm, ({ params }) => farms.get(params.uuid));
  route(app, db, updateFarm, ({ user, ip, params, body }) => farms.update({ caller: user, ip }, params.uuid, body));
  route(app, db, deleteFarm, async ({ user, ip, params }) => {
    await farms.remove({ caller: user, ip }, params.uuid);
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
