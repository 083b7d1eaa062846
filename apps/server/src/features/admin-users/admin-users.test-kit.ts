import type { AdminRole, AdminUser, AdminUserRow, AuditEntry } from "@nadoy/contract/admin-users";
import { Role } from "@nadoy/contract/roles";
import { asc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { auditLog } from "../../db/schema/index.ts";
import { seedUser } from "../../db/seed/users.ts";

// What the admin tests share: calls of every admin route with a token, and signed-in admins.

export function ok<T>(res: LightMyRequestResponse, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

export interface UserPage {
  items: AdminUserRow[];
  total: number;
  page: number;
  page_size: number;
}

export interface AuditPage {
  items: AuditEntry[];
  total: number;
  page: number;
  page_size: number;
  actions: { action: string; text: string }[];
}

export function adminApi(t: TestApp, token: string | undefined) {
  const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    t.request({ method, url, token, ...(payload && { payload }) });
  const query = (params: Record<string, string | number | undefined>) => {
    const entries = Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined);
    return entries.length === 0
      ? ""
      : `?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)]))}`;
  };
  return {
    list: (params: Record<string, string | number | undefined> = {}) =>
      call("GET", `/api/admin/users/${query(params)}`),
    get: (id: number) => call("GET", `/api/admin/users/${id}/`),
    create: (body: object) => call("POST", "/api/admin/users/", body),
    update: (id: number, body: object) => call("PATCH", `/api/admin/users/${id}/`, body),
    resetPassword: (id: number) => call("POST", `/api/admin/users/${id}/password-reset/`),
    roles: () => call("GET", "/api/admin/roles/"),
    audit: (params: Record<string, string | number | undefined> = {}) =>
      call("GET", `/api/admin/audit/${query(params)}`),

    async users(params: Record<string, string | number | undefined> = {}): Promise<UserPage> {
      return ok<UserPage>(await this.list(params), 200);
    },
    async newUser(body: object): Promise<AdminUser> {
      return ok<AdminUser>(await this.create(body), 201);
    },
    async patched(id: number, body: object): Promise<AdminUser> {
      return ok<AdminUser>(await this.update(id, body), 200);
    },
    async roleList(): Promise<AdminRole[]> {
      return ok<AdminRole[]>(await this.roles(), 200);
    },
    async auditPage(params: Record<string, string | number | undefined> = {}): Promise<AuditPage> {
      return ok<AuditPage>(await this.audit(params), 200);
    },
  };
}

export type AdminApi = ReturnType<typeof adminApi>;

/** A signed-in role-1 admin (not a superuser) and its API. */
export async function signedInAdmin(t: TestApp, username = "admin", isSuperuser = false) {
  const user = await seedUser(t.database.db, {
    username,
    email: `${username}@example.com`,
    firstName: "Анна",
    lastName: "Админова",
    roles: isSuperuser ? [] : [Role.admin],
    isSuperuser,
  });
  const token = await accessTokenFor(t, user.id);
  return { user, token, api: adminApi(t, token) };
}

/** The audit entries of these actions, oldest first, details parsed. */
export async function auditEntries(t: TestApp, action: string) {
  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));
  return rows.map((row) => ({ ...row, details: row.details === null ? null : JSON.parse(row.details) }));
}

export async function auditCount(t: TestApp): Promise<number> {
  return (await t.database.db.select({ id: auditLog.id }).from(auditLog)).length;
}
