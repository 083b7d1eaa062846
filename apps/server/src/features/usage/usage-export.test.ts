import { USAGE_XLSX_TYPE } from "@nadoy/contract/usage";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { seedUser } from "../../db/seed/users.ts";
import { EXPORT_BATCH } from "./usage.service.ts";
import { readXlsx, seedHits, signedInAdmin, usageApi } from "./usage.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const DAILY_HEADER = ["День", "Пользователь", "Логин", "Раздел", "Переходы"];
const SECTIONS_HEADER = ["Раздел", "Переходы", "Пользователи"];

describe("GET /api/admin/usage/export/", () => {
  it("streams an XLSX named after the period, one row per day, user and section", async () => {
    const admin = await signedInAdmin(t);
    const ivan = await seedUser(t.database.db, { username: "ivan", firstName: "Иван", lastName: "Петров" });
    const olga = await seedUser(t.database.db, { username: "olga" });
    await seedHits(t, [
      { userId: ivan.id, path: "/lists/1", at: "2026-10-31T21:00:00Z" }, // 1 Nov in Moscow
      { userId: ivan.id, path: "/lists/2", at: "2026-11-01T20:59:59Z" }, // 1 Nov
      { userId: ivan.id, path: "/boards", at: "2026-11-01T21:00:00Z" }, // 2 Nov
      { userId: olga.id, path: "/lists", at: "2026-11-01T10:00:00Z" }, // 1 Nov
      { userId: null, path: "/", at: "2026-11-03T10:00:00Z" }, // 3 Nov, a deleted user
      { userId: olga.id, path: "/lists", at: "2026-10-31T20:00:00Z" }, // 31 Oct: outside
    ]);

    const res = await usageApi(t, admin.token).export({ from: "2026-11-01", to: "2026-11-25" });

    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(USAGE_XLSX_TYPE);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="usage.xlsx"; filename*=UTF-8''${encodeURIComponent("Посещаемость 2026-11-01 — 2026-11-25.xlsx")}`,
    );
    const sheets = await readXlsx(res.rawPayload);
    expect(Object.keys(sheets)).toEqual(["По дням", "По разделам"]);
    expect(sheets["По дням"]).toEqual([
      DAILY_HEADER,
      ["2026-11-01", "Иван Петров", "ivan", "/lists", 2],
      ["2026-11-01", "olga", "olga", "/lists", 1],
      ["2026-11-02", "Иван Петров", "ivan", "/boards", 1],
      ["2026-11-03", "Удалённый пользователь", null, "/", 1],
    ]);
    expect(sheets["По разделам"]).toEqual([SECTIONS_HEADER, ["/lists", 3, 2], ["/", 1, 0], ["/boards", 1, 1]]);
    // A day is a real Excel date shown DD.MM.YYYY (sorts and filters as a date), hits a number.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const first = workbook.getWorksheet("По дням")?.getRow(2);
    expect(first?.getCell(1).value).toEqual(new Date("2026-11-01T00:00:00Z"));
    expect(first?.getCell(1).numFmt).toBe("dd.mm.yyyy");
    expect(first?.getCell(5).type).toBe(ExcelJS.ValueType.Number);
  });

  it("applies the same filters as the report", async () => {
    const admin = await signedInAdmin(t);
    const ivan = await seedUser(t.database.db, { username: "ivan" });
    const olga = await seedUser(t.database.db, { username: "olga" });
    await seedHits(t, [
      { userId: ivan.id, path: "/lists", at: "2026-11-02T10:00:00Z" },
      { userId: ivan.id, path: "/boards", at: "2026-11-02T10:00:00Z" },
      { userId: olga.id, path: "/lists", at: "2026-11-02T10:00:00Z" },
    ]);

    const res = await usageApi(t, admin.token).export({
      from: "2026-11-01",
      to: "2026-11-02",
      user_id: ivan.id,
      section: "/lists",
    });

    const sheets = await readXlsx(res.rawPayload);
    expect(sheets["По дням"]).toEqual([DAILY_HEADER, ["2026-11-02", "ivan", "ivan", "/lists", 1]]);
    expect(sheets["По разделам"]).toEqual([SECTIONS_HEADER, ["/lists", 1, 1]]);
  });

  it("writes only the headers when the period has no hits", async () => {
    const admin = await signedInAdmin(t);

    const res = await usageApi(t, admin.token).export({ from: "2026-11-01", to: "2026-11-02" });

    expect(await readXlsx(res.rawPayload)).toEqual({ "По дням": [DAILY_HEADER], "По разделам": [SECTIONS_HEADER] });
  });

  it("writes names a user typed like formulas as text, never as formulas", async () => {
    const admin = await signedInAdmin(t);
    const formula = '=HYPERLINK("http://x","y")';
    const user = await seedUser(t.database.db, { username: "@cmd", firstName: formula, lastName: "" });
    await seedHits(t, [{ userId: user.id, path: "/lists", at: "2026-11-02T10:00:00Z" }]);

    const res = await usageApi(t, admin.token).export({ from: "2026-11-01", to: "2026-11-02" });

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [name, username] = [2, 3].map((c) => workbook.getWorksheet("По дням")?.getRow(2).getCell(c));
    expect([name?.value, username?.value]).toEqual([formula, "@cmd"]);
    expect([name?.type, username?.type]).toEqual([ExcelJS.ValueType.String, ExcelJS.ValueType.String]);
  });

  it(`pages through more than ${EXPORT_BATCH} rows without losing or repeating one`, async () => {
    const admin = await signedInAdmin(t);
    const ivan = await seedUser(t.database.db, { username: "ivan" });
    const olga = await seedUser(t.database.db, { username: "olga" });
    // 3 days × 2 users × 1,000 sections (+ a deleted user's hits) = 6,003 rows, two of them across a batch edge.
    await t.database.db.execute(sql`
      insert into page_hits (user_id, path, at)
      select u.id, '/s' || lpad(s::text, 4, '0') || '/x', timestamptz '2026-11-01 12:00+03' + (d || ' days')::interval
      from generate_series(0, 2) d, generate_series(1, 1000) s, (values (${ivan.id}::int), (${olga.id}::int)) u(id)`);
    await seedHits(
      t,
      ["2026-11-01", "2026-11-02", "2026-11-03"].map((day) => ({
        userId: null,
        path: "/chat",
        at: `${day}T12:00:00Z`,
      })),
    );

    const res = await usageApi(t, admin.token).export({ from: "2026-11-01", to: "2026-11-03" });

    expect(res.statusCode).toBe(200);
    const rows = (await readXlsx(res.rawPayload))["По дням"]?.slice(1) ?? [];
    expect(rows).toHaveLength(6_003);
    const keys = rows.map((r) => `${r[0]} ${r[2]} ${r[3]}`);
    expect(new Set(keys).size).toBe(6_003);
    // Ordered by day, then user (a deleted user's first), then section.
    expect(rows.slice(0, 3)).toEqual([
      ["2026-11-01", "Удалённый пользователь", null, "/chat", 1],
      ["2026-11-01", "ivan", "ivan", "/s0001", 1],
      ["2026-11-01", "ivan", "ivan", "/s0002", 1],
    ]);
    expect(rows.at(-1)).toEqual(["2026-11-03", "olga", "olga", "/s1000", 1]);
    expect(rows.every((r) => r[4] === 1)).toBe(true);
  });
});
