import type { PowerPeriod } from "@nadoy/contract/monitoring-averages";
import type { MainServerMessage } from "@nadoy/contract/realtime";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../../test/callers.ts";
import { openMainSocket, socketBase, type TestSocket } from "../../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { herdAnimals, userDatabases, users } from "../../../db/schema/index.ts";
import { DEMO_HERD_SERVER, DEMO_MONITORING_SERVER } from "../../../db/seed/business.ts";
import { seedDemo } from "../../../db/seed/demo.ts";
import { getAs } from "../monitoring.test-kit.ts";
import { readingsHints } from "../readings-hint.ts";
import { demoSiteDatabase } from "./demo-database.ts";
import { DEMO_SITE_PARAMS } from "./demo-site-params.ts";
import { seedDemoMonitoring } from "./seed-demo-site.ts";

// The demo company «Агрохолдинг Заря» with its herd of 1,375 cows and the demo pages' site, as a
// start with demo data loads them: «Средние за период» gives a plausible kWh per cow a day on both
// (HERD.md "Energy": 800–1,200 kWh a cow a year), and a top-up while pages are open hints them —
// the demo pages' to every staff member, none to a client.

const HOUR = 3_600_000;
/** A Wednesday, 12:00 in Moscow: three days loaded, 10 and 11 November whole. */
const NOW = Date.parse("2025-11-12T09:00:00Z");
const WHOLE_DAYS = { from: "2025-11-10T00:00:00+03:00", to: "2025-11-12T00:00:00+03:00" };
const PER_COW_DAY = { min: 800 / 365, max: 1_200 / 365 };

let t: TestApp;
let tokens: Record<string, string>;
let zarya: { id: number; uuid: string };
let herdId: number;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  await seedDemo(db);
  const [herd] = await db
    .select({ id: userDatabases.id })
    .from(userDatabases)
    .where(and(eq(userDatabases.server, DEMO_HERD_SERVER), eq(userDatabases.dbName, "herd_main")));
  const [monitoring] = await db
    .select({ id: userDatabases.id, uuid: userDatabases.uuid })
    .from(userDatabases)
    .where(eq(userDatabases.server, DEMO_MONITORING_SERVER));
  if (!herd || !monitoring) throw new Error("the demo company's databases seeded");
  herdId = herd.id;
  zarya = monitoring;
  const cows = Array.from({ length: 1_375 }, (_, i) => ({
    databaseId: herd.id,
    barnNumber: String(i + 1),
    lact: 1 + (i % 4),
    status: i % 6 === 0 ? ("dry" as const) : ("milking" as const),
  }));
  await db.insert(herdAnimals).values(cows);
  await seedDemoMonitoring(db, NOW, 3);
  tokens = {};
  for (const u of await db.select({ id: users.id, username: users.username }).from(users)) {
    tokens[u.username] = await accessTokenFor(t, u.id);
  }
}, 180_000);
afterAll(() => t.close());

/** The input meter's mean kWh a whole day and the cows it is divided by, as the page shows them. */
async function inputPerDay(username: string, uuid: string) {
  const res = await getAs(t, tokens[username], `/api/monitoring/${uuid}/power/period/`, WHOLE_DAYS);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<PowerPeriod>();
  const input = body.sites[0]?.meters.find((m) => m.role === "input");
  expect(input?.days).toBe(2);
  return { perDay: input?.per_day ?? Number.NaN, cows: body.herd.cows };
}

describe("the demo monitoring sites' loads", () => {
  it("give «Заря»'s farm 2.2–3.3 kWh per cow a day by its herd of 1,375, and the demo site by its 400", async () => {
    const farm = await inputPerDay("zootech", zarya.uuid);
    expect(farm.cows).toBe(1_375);
    expect(farm.perDay / 1_375).toBeGreaterThan(PER_COW_DAY.min);
    expect(farm.perDay / 1_375).toBeLessThan(PER_COW_DAY.max);
    // The demo site has no herd database: its generator's 400 cows.
    const demo = await inputPerDay("agronom", "demo");
    expect(demo.cows).toBeNull();
    expect(demo.perDay / DEMO_SITE_PARAMS.cows).toBeGreaterThan(PER_COW_DAY.min);
    expect(demo.perDay / DEMO_SITE_PARAMS.cows).toBeLessThan(PER_COW_DAY.max);
  });
});

describe("a top-up of the demo sites with pages open", () => {
  const readings = (m: MainServerMessage) => m.msg_type === "MONITORING_READINGS";
  const synced = async (username: string): Promise<TestSocket> => {
    const socket = await openMainSocket(await socketBase(t), tokens[username]);
    await socket.next((m) => m.msg_type === "SYNC", "SYNC");
    return socket;
  };

  it("hints the demo pages to staff of any company, once to a superuser, never to a client", async () => {
    const db = t.database.db;
    const demo = await demoSiteDatabase(db);
    if (!demo) throw new Error("the demo pages' database seeded");
    const [agronom, viewer, admin, client] = await Promise.all([
      synced("agronom"),
      synced("viewer"),
      synced("admin"),
      synced("client"),
    ]);

    // The demo site is topped up first, then «Заря»'s farm: an hour each.
    await seedDemoMonitoring(db, NOW + HOUR, 3, readingsHints(db, t.app.realtime));
    const demoHint = { msg_type: "MONITORING_READINGS", database: demo.uuid };
    const zaryaHint = { msg_type: "MONITORING_READINGS", database: zarya.uuid };
    // Staff of another company (the agronomist) and of «Заря» (the viewer) hear of the demo site.
    expect(await agronom.next(readings, "the demo hint")).toEqual(demoHint);
    expect(await viewer.next(readings, "the demo hint")).toEqual(demoHint);
    expect(await viewer.next(readings, "«Заря»'s hint")).toEqual(zaryaHint);
    // A superuser once, not once more by the demo site's company.
    expect(await admin.next(readings, "the demo hint")).toEqual(demoHint);
    expect(await admin.next(readings, "«Заря»'s hint")).toEqual(zaryaHint);
    // The client of «Заря» hears of their farm only: its hint is the first they get.
    expect(await client.next(readings, "«Заря»'s hint")).toEqual(zaryaHint);
    for (const socket of [agronom, viewer, admin, client]) await socket.close();
  });

  it("makes «Заря»'s farm anew for a herd that changed, the kWh per cow still in range", async () => {
    const db = t.database.db;
    // 500 cows sold: 875 left.
    const sold = await db
      .select({ id: herdAnimals.id })
      .from(herdAnimals)
      .where(eq(herdAnimals.databaseId, herdId))
      .orderBy(herdAnimals.id)
      .limit(500);
    await db
      .update(herdAnimals)
      .set({ status: "sold" })
      .where(
        inArray(
          herdAnimals.id,
          sold.map((a) => a.id),
        ),
      );
    const lines = await seedDemoMonitoring(db, NOW + 2 * HOUR, 3);
    // The demo site's herd is as it was: it goes on.
    expect(lines[0]).toContain("дополнено");
    expect(lines[1]).toContain("сгенерированы заново");
    const farm = await inputPerDay("zootech", zarya.uuid);
    expect(farm.cows).toBe(875);
    expect(farm.perDay / 875).toBeGreaterThan(PER_COW_DAY.min);
    expect(farm.perDay / 875).toBeLessThan(PER_COW_DAY.max);
  });
});
