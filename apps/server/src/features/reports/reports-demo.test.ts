import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import {
  DEMO_FRAMEABLE_URL,
  DEMO_REPORT_GROUP_TITLE,
  DEMO_REPORT_TITLES,
  seedDemoReports,
} from "../../db/seed/reports.ts";
import { reportsWorld } from "./reports.test-kit.ts";

// The demo reports: what the demo client opens on a first start, and that seeding twice adds nothing.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

describe("demo reports", () => {
  it("gives the client the milk group (framable links) and a Metabase report of its company that says it is not set up", async () => {
    const w = await reportsWorld(t);
    const input = { companyId: w.company.id, clientId: w.idOf("role 7"), adminId: w.idOf("superuser") };
    await seedDemoReports(t.database.db, input);
    await seedDemoReports(t.database.db, input);

    const client = w.apiOf("role 7");
    const portal = await client.portalOk();
    expect(portal.groups.map((g) => [g.title, g.iframegroup.map((r) => [r.title, r.tag])])).toEqual([
      [
        DEMO_REPORT_GROUP_TITLE,
        [
          [DEMO_REPORT_TITLES.milk, "business_milk"],
          [DEMO_REPORT_TITLES.custom, "custom_reports"],
        ],
      ],
    ]);
    expect(portal.groups[0]?.img).toMatch(/^\/api\/content\/images\//);
    expect(portal.reports).toHaveLength(3);

    const milk = portal.reports.find((r) => r.title === DEMO_REPORT_TITLES.milk);
    expect((await client.embedOk(milk?.uuid ?? "")).url).toBe(DEMO_FRAMEABLE_URL);
    // The demo's Metabase has no server behind it: the report says so instead of an empty frame.
    const metabase = portal.reports.find((r) => r.title === DEMO_REPORT_TITLES.metabase);
    const embed = await client.embed(metabase?.uuid ?? "");
    expect(embed.statusCode).toBe(409);
    expect(embed.json<{ message: string }>().message).toMatch(
      /^Отчёт не настроен: metabase\.example\.com — адрес-пример, сервера отчётов по нему нет\./,
    );
    expect((await w.apiOf("other company").portalOk()).reports).toEqual([]);
    expect((await w.admin.reports()).map((r) => [r.title, r.has_secret])).toEqual([
      [DEMO_REPORT_TITLES.metabase, true],
      [DEMO_REPORT_TITLES.custom, false],
      [DEMO_REPORT_TITLES.milk, false],
    ]);
  });
});
