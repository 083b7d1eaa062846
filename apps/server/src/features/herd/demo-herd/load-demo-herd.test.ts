import type { HerdAnimalCard, HerdAnimalStatus, HerdAnimalsPage } from "@nadoy/contract/herd";
import { HERD_ANIMAL_STATUSES } from "@nadoy/contract/herd";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { queryRows } from "../../../db/client.ts";
import { userDatabases } from "../../../db/schema/index.ts";
import { herdApi, ok, seedHerdWorld } from "../herd.test-kit.ts";
import type { DemoAnimal, DemoHerd } from "./demo-herd-types.ts";
import { generateDemoHerd } from "./generate-demo-herd.ts";
import { loadDemoHerd } from "./load-demo-herd.ts";

// The loader on a small demo herd: it loads once, all or nothing, and the read API shows what the
// generator made.

const OPTIONS = { seed: 5, today: "2026-11-26", scale: 0.2 };
let t: TestApp;
let world: Awaited<ReturnType<typeof seedHerdWorld>>;
let herd: DemoHerd;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  world = await seedHerdWorld(t);
  await loadDemoHerd(t.database.db, world.herd.id, OPTIONS);
  herd = generateDemoHerd(OPTIONS);
});
afterAll(() => t.close());

/** Rows of each herd table of one database. */
async function rowCounts(databaseId: number) {
  const [row] = await queryRows<Record<string, number>>(
    t.database.db,
    sql`select (select count(*)::int from herd_animals where database_id = ${databaseId}) as animals,
      (select count(*)::int from herd_lactations where database_id = ${databaseId}) as lactations,
      (select count(*)::int from herd_events where database_id = ${databaseId}) as events,
      (select count(*)::int from herd_test_days where database_id = ${databaseId}) as test_days,
      (select count(*)::int from herd_pens where database_id = ${databaseId}) as pens`,
  );
  return row;
}

/** The status the generator's data implies, worked out here without the shared rule. */
function expectedStatus(animal: DemoAnimal): HerdAnimalStatus {
  if (animal.exitCode) return animal.exitCode === "SOLD" ? "sold" : "died";
  const lactations = herd.lactations.filter((l) => l.animalKey === animal.key);
  const last = lactations[lactations.length - 1];
  if (!last) return "heifer";
  return last.dryDate === null ? "milking" : "dry";
}

describe("loadDemoHerd", () => {
  it("loads each table once: a second call finds the herd and adds nothing", async () => {
    const before = await rowCounts(world.herd.id);
    expect(before).toMatchObject({ animals: herd.animals.length, events: herd.events.length });
    expect(before?.pens).toBeGreaterThan(5);
    expect(await loadDemoHerd(t.database.db, world.herd.id, OPTIONS)).toBeNull();
    expect(await rowCounts(world.herd.id)).toEqual(before);
  });

  it("writes the reports' facts with the herd, so that the first report does not wait for them", async () => {
    const [state] = await queryRows<{ vwp_days: number }>(
      t.database.db,
      sql`select vwp_days from herd_facts_state where database_id = ${world.herd.id}`,
    );
    expect(state?.vwp_days).toBe(50);
    const [facts] = await queryRows<{ services: number; cases: number }>(
      t.database.db,
      sql`select (select count(*)::int from herd_services where database_id = ${world.herd.id}) as services,
        (select count(*)::int from herd_health_cases where database_id = ${world.herd.id}) as cases`,
    );
    const bred = herd.events.filter((e) => e.code === "BRED").length;
    expect(facts?.services).toBeGreaterThan(0);
    expect(facts?.services).toBeLessThanOrEqual(bred);
    expect(facts?.cases).toBeGreaterThan(0);
  });

  it("writes all or nothing: a load that fails half-way leaves the database empty", async () => {
    const [other] = await t.database.db
      .insert(userDatabases)
      .values({ companyId: world.zarya.company.id, name: "Стадо-2", server: "s", dbName: "herd2" })
      .returning();
    if (!other) throw new Error("database inserted");
    let batches = 0;
    const failing = loadDemoHerd(t.database.db, other.id, {
      ...OPTIONS,
      batchRows: 500,
      onProgress: () => {
        batches++;
        if (batches === 2) throw new Error("сбой посреди загрузки");
      },
    });
    await expect(failing).rejects.toThrow("сбой посреди загрузки");
    expect(await rowCounts(other.id)).toEqual({ animals: 0, lactations: 0, events: 0, test_days: 0, pens: 0 });
  });

  it("is what the animal list shows: the counts by status are the generator's", async () => {
    const api = herdApi(t, world.zoo.token, world.herd.uuid);
    for (const status of HERD_ANIMAL_STATUSES) {
      const page = ok<HerdAnimalsPage>(await api.animals({ status }));
      expect({ status, total: page.total }).toEqual({
        status,
        total: herd.animals.filter((a) => expectedStatus(a) === status).length,
      });
    }
  });

  it("shows a reused barn number as two animals, each card with her own dates and events", async () => {
    const byNumber = new Map<string, DemoAnimal[]>();
    for (const a of herd.animals) byNumber.set(a.barnNumber, [...(byNumber.get(a.barnNumber) ?? []), a]);
    const [barn, animals] = [...byNumber].find(([, list]) => list.length === 2) ?? [];
    if (!barn || !animals) throw new Error("the demo herd reuses barn numbers");
    const api = herdApi(t, world.zoo.token, world.herd.uuid);
    const page = ok<HerdAnimalsPage>(await api.animals({ q: barn }));
    expect(page.items.map((a) => a.barn_number)).toEqual([barn, barn]);
    const cards = await Promise.all(page.items.map(async (a) => ok<HerdAnimalCard>(await api.animal(a.uuid))));
    const seen = cards.map((c) => ({ ear_tag: c.ear_tag, birth_date: c.birth_date, events: c.events.length }));
    const expected = animals.map((a) => ({
      ear_tag: a.earTag,
      birth_date: a.birthDate,
      events: herd.events.filter((e) => e.animalKey === a.key).length,
    }));
    expect(seen.sort((x, y) => (x.ear_tag ?? "").localeCompare(y.ear_tag ?? ""))).toEqual(
      expected.sort((x, y) => x.ear_tag.localeCompare(y.ear_tag)),
    );
    expect(cards[0]?.uuid).not.toBe(cards[1]?.uuid);
  });
});
