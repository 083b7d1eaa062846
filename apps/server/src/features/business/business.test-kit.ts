import type {
  Business,
  BusinessDatabase,
  BusinessDtm,
  BusinessRow,
  BusinessUser,
  FarmWithCompany,
} from "@nadoy/contract/business";
import { Role } from "@nadoy/contract/roles";
import { asc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { auditLog } from "../../db/schema/index.ts";
import { seedUser } from "../../db/seed/users.ts";

// What the business tests share: every business route with a token, a signed-in admin, audit reads.

export function ok<T>(res: LightMyRequestResponse, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

type Params = Record<string, string | number | undefined>;

const query = (params: Params) => {
  const entries = Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined);
  return entries.length === 0
    ? ""
    : `?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)]))}`;
};

export function businessApi(t: TestApp, token: string | undefined) {
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
    t.request({ method, url, token, ...(payload && { payload }) });
  return {
    list: (params: Params = {}) => call("GET", `/api/admin/businesses/${query(params)}`),
    get: (uuid: string) => call("GET", `/api/admin/businesses/${uuid}/`),
    create: (body: object) => call("POST", "/api/admin/businesses/", body),
    update: (uuid: string, body: object) => call("PATCH", `/api/admin/businesses/${uuid}/`, body),
    remove: (uuid: string) => call("DELETE", `/api/admin/businesses/${uuid}/`),
    createFarm: (companyUuid: string, body: object) =>
      call("POST", `/api/admin/businesses/${companyUuid}/farms/`, body),
    getFarm: (uuid: string) => call("GET", `/api/admin/farms/${uuid}/`),
    updateFarm: (uuid: string, body: object) => call("PATCH", `/api/admin/farms/${uuid}/`, body),
    removeFarm: (uuid: string) => call("DELETE", `/api/admin/farms/${uuid}/`),
    createDatabase: (companyUuid: string, body: object) =>
      call("POST", `/api/admin/businesses/${companyUuid}/databases/`, body),
    updateDatabase: (uuid: string, body: object) => call("PATCH", `/api/admin/databases/${uuid}/`, body),
    createDtm: (companyUuid: string, body: object) => call("POST", `/api/admin/businesses/${companyUuid}/dtm/`, body),
    updateDtm: (uuid: string, body: object) => call("PATCH", `/api/admin/dtm/${uuid}/`, body),
    removeDtm: (uuid: string) => call("DELETE", `/api/admin/dtm/${uuid}/`),
    users: (params: Params = {}) => call("GET", `/api/admin/business-users/${query(params)}`),

    async page(params: Params = {}): Promise<Page<BusinessRow>> {
      return ok(await this.list(params), 200);
    },
    async business(uuid: string): Promise<Business> {
      return ok(await this.get(uuid), 200);
    },
    async newBusiness(name: string): Promise<Business> {
      return ok(await this.create({ name }), 201);
    },
    async patched(uuid: string, body: object): Promise<Business> {
      return ok(await this.update(uuid, body), 200);
    },
    async newFarm(companyUuid: string, body: object): Promise<FarmWithCompany> {
      return ok(await this.createFarm(companyUuid, body), 201);
    },
    async newDatabase(companyUuid: string, body: object): Promise<BusinessDatabase> {
      return ok(await this.createDatabase(companyUuid, body), 201);
    },
    async newDtm(companyUuid: string, companyCode: string): Promise<BusinessDtm> {
      return ok(await this.createDtm(companyUuid, { company_code: companyCode }), 201);
    },
    async userPage(params: Params = {}): Promise<Page<BusinessUser>> {
      return ok(await this.users(params), 200);
    },
  };
}

export type BusinessApi = ReturnType<typeof businessApi>;

/** A signed-in role-1 admin (not a superuser) and its API. */
export async function signedInAdmin(t: TestApp) {
  const user = await seedUser(t.database.db, {
    username: "admin",
    email: "admin@example.com",
    firstName: "Анна",
    lastName: "Админова",
    roles: [Role.admin],
  });
  return { user, api: businessApi(t, await accessTokenFor(t, user.id)) };
}

let people = 0;

/** A user of this role (a client by default), named so that lists sort predictably. */
export function person(t: TestApp, lastName: string, extra: { roles?: number[]; companyIds?: number[] } = {}) {
  people += 1;
  return seedUser(t.database.db, {
    username: `user${people}`,
    email: `user${people}@example.com`,
    firstName: "Тест",
    lastName,
    roles: [Role.client],
    ...extra,
  });
}

/** The audit entries of this action, oldest first, details parsed. */
export async function auditEntries(t: TestApp, action: string) {
  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));
  return rows.map((row) => ({ ...row, details: row.details === null ? null : JSON.parse(row.details) }));
}
