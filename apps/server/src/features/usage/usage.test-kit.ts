import type { DatabaseUploadStats, UsageReport } from "@nadoy/contract/usage";
import ExcelJS from "exceljs";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { pageHits } from "../../db/schema/index.ts";
import { seedUser } from "../../db/seed/users.ts";

// What the usage tests share: calls of the three routes, hits at given instants, a signed-in admin.

export type UsageParams = Record<string, string | number | undefined>;

const search = (params: UsageParams) => {
  const entries = Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined);
  return entries.length === 0
    ? ""
    : `?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)]))}`;
};

export function usageApi(t: TestApp, token: string | undefined) {
  const get = (url: string) => t.request({ method: "GET", url, token });
  return {
    report: (params: UsageParams) => get(`/api/admin/usage/${search(params)}`),
    export: (params: UsageParams) => get(`/api/admin/usage/export/${search(params)}`),
    databases: () => get("/api/admin/analytics-db/"),
    async reportOk(params: UsageParams): Promise<UsageReport> {
      return ok<UsageReport>(await this.report(params), 200);
    },
    async databasesOk(): Promise<DatabaseUploadStats[]> {
      return ok<DatabaseUploadStats[]>(await this.databases(), 200);
    },
  };
}

export function ok<T>(res: LightMyRequestResponse, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

/** A signed-in administrator (role 1). */
export async function signedInAdmin(t: TestApp) {
  const admin = await seedUser(t.database.db, { username: "boss", email: "boss@example.com", roles: [1] });
  return { id: admin.id, token: await accessTokenFor(t, admin.id) };
}

/** Page hits of `userId` (null: a deleted user's) at UTC instants. */
export async function seedHits(t: TestApp, hits: { userId: number | null; path: string; at: string }[]) {
  if (hits.length === 0) return;
  await t.database.db
    .insert(pageHits)
    .values(hits.map((h) => ({ userId: h.userId, path: h.path, at: new Date(h.at) })));
}

/** Every sheet of an XLSX as rows of cell values (row 1 is the header; dates as ISO days, empty cells null). */
export async function readXlsx(bytes: Buffer): Promise<Record<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets: Record<string, unknown[][]> = {};
  for (const sheet of workbook.worksheets) {
    const rows: unknown[][] = [];
    const width = sheet.getRow(1).cellCount;
    sheet.eachRow((row) => {
      rows.push(
        Array.from({ length: width }, (_, i) => {
          const value = row.getCell(i + 1).value;
          return value instanceof Date ? value.toISOString().slice(0, 10) : (value ?? null);
        }),
      );
    });
    sheets[sheet.name] = rows;
  }
  return sheets;
}
