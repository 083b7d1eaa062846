import type { MonitoringCatalog } from "@nadoy/contract/monitoring";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { userDatabases, users } from "../../../db/schema/index.ts";
import { DEMO_MONITORING_SERVER } from "../../../db/seed/business.ts";
import { seedDemo } from "../../../db/seed/demo.ts";
import { getAs } from "../monitoring.test-kit.ts";
import { demoSiteDatabase } from "./demo-database.ts";
import { seedDemoMonitoring } from "./seed-demo-site.ts";

// The staff's demo pages on a start with demo data (seedDemo, then what main.ts loads): they run on
// the demo site's own database, never on the demo company «Агрохолдинг Заря»'s real one, whoever
// asks; the real one stays its company's, its farm named as a farm, its zootechnician given it.

const NOW = Date.parse("2026-07-08T09:00:00Z");

let t: TestApp;
let tokens: Record<string, string>;
let zarya: { uuid: string; name: string };
let demo: { uuid: string; name: string };

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  await seedDemo(db);
  await seedDemoMonitoring(db, NOW, 1);
  const rows = await db.select({ id: users.id, username: users.username }).from(users);
  tokens = {};
  for (const r of rows) tokens[r.username] = await accessTokenFor(t, r.id);
  const [client] = await db
    .select({ uuid: userDatabases.uuid, name: userDatabases.name })
    .from(userDatabases)
    .where(eq(userDatabases.server, DEMO_MONITORING_SERVER));
  const own = await demoSiteDatabase(db);
  if (!client || !own) throw new Error("both monitoring databases seeded");
  zarya = client;
  demo = own;
}, 120_000);
afterAll(() => t.close());

const catalogOf = async (username: string, uuid: string) => {
  const res = await getAs(t, tokens[username], `/api/monitoring/${uuid}/`);
  expect(res.statusCode, `${username} ${uuid}`).toBe(200);
  return res.json() as MonitoringCatalog;
};

describe("the demo pages with demo data", () => {
  it("answer every staff member, another company's too, with the demo site, never «Заря»'s database", async () => {
    expect(demo.uuid).not.toBe(zarya.uuid);
    for (const username of ["agronom", "zootech", "viewer", "editor", "admin"]) {
      const catalog = await catalogOf(username, "demo");
      expect(catalog.database, username).toEqual({ uuid: demo.uuid, name: "Демо-ферма (мониторинг)" });
      expect(catalog.sites.map((s) => s.name)).toEqual(["Демо-ферма"]);
    }
    const power = await getAs(t, tokens.agronom, "/api/monitoring/demo/power/");
    expect(power.statusCode).toBe(200);
    expect(JSON.stringify(power.json())).not.toContain(zarya.uuid);
  });

  it("stay staff-only: a client of «Заря» gets 403 at `demo`", async () => {
    const res = await getAs(t, tokens.client, "/api/monitoring/demo/");
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Демонстрационные страницы — для сотрудников");
  });

  it("leave «Заря»'s database to its people: 404 to another company's agronomist, by its uuid or the demo's", async () => {
    expect((await getAs(t, tokens.agronom, `/api/monitoring/${zarya.uuid}/`)).statusCode).toBe(404);
    expect((await getAs(t, tokens.agronom, `/api/monitoring/${demo.uuid}/`)).statusCode).toBe(404);
    expect((await getAs(t, tokens.zootech, `/api/monitoring/${demo.uuid}/`)).statusCode).toBe(404);
  });

  it("give «Заря»'s zootechnician and client its real database, a farm with Russian device kinds", async () => {
    for (const username of ["zootech", "client"]) {
      const catalog = await catalogOf(username, zarya.uuid);
      expect(catalog.database).toEqual({ uuid: zarya.uuid, name: "Мониторинг оборудования «Заря»" });
      expect(catalog.sites.map((s) => s.name)).toEqual(["МТФ «Заря»"]);
      expect([...new Set(catalog.devices.map((d) => d.kind))]).toEqual([
        "доильный робот",
        "танк-охладитель",
        "вентиляция",
        "кормосмеситель",
      ]);
    }
  });
});
