import type { HerdAnimalsPage } from "@nadoy/contract/herd";
import type { HerdSegmentCount } from "@nadoy/contract/herd-segments";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { herdEvents, herdTestDays } from "../../../db/schema/index.ts";
import { daysAgo, seedAnimals, seedHerdWorld } from "../herd.test-kit.ts";

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * Eight animals of «Стадо», each item's value written here so that every count below is read off
 * this table:
 *
 * | barn | status  | lact | pen | fresh (days ago) | born (days ago) | last test milk / SCC | events                          |
 * |------|---------|------|-----|------------------|-----------------|----------------------|---------------------------------|
 * | 1    | milking | 1    | 1   | 50               | 800             | 30.5 / 120           | BRED 10 d, PREG 5 d → DCC 10    |
 * | 2    | milking | 1    | 2   | 150              | 900             | 41 / 400             | MAST 20 d ago                   |
 * | 3    | milking | 2    | 2   | 90               | 1500            | 28 (older test 45)   | BRED 40, PREG 5, ABORT 2 → none |
 * | 4    | milking | 3    | 5   | 20               | 2200            | —                    | MAST 400 d ago (out of period)  |
 * | 5    | dry     | 2    | 9   | 300              | 1400            | 12 / 900             | BRED 150, BRED 120, PREG 80 → DCC 120 |
 * | 6    | heifer  | 0    | 7   | —                | 400             | —                    | —                               |
 * | 7    | sold    | 2    | —   | 200 (exit 100)   | 1300            | —                    | —                               |
 * | 8    | milking | 1    | 1   | 5                | —               | —                    | —                               |
 */
async function eightAnimals() {
  const animal = (
    barn: string,
    status: string,
    lact: number,
    pen: string | null,
    fresh: number | null,
    born: number | null,
  ) => ({
    barnNumber: barn,
    status: status as "milking",
    lact,
    pen,
    freshDate: fresh === null ? null : daysAgo(fresh),
    birthDate: born === null ? null : daysAgo(born),
    earTag: `RU${barn}`,
  });
  const ids = await seedAnimals(t, w.herd.id, [
    animal("1", "milking", 1, "1", 50, 800),
    animal("2", "milking", 1, "2", 150, 900),
    animal("3", "milking", 2, "2", 90, 1500),
    animal("4", "milking", 3, "5", 20, 2200),
    { ...animal("5", "dry", 2, "9", 300, 1400), dryDate: daysAgo(30) },
    animal("6", "heifer", 0, "7", null, 400),
    { ...animal("7", "sold", 2, null, 200, 1300), exitDate: daysAgo(100) },
    animal("8", "milking", 1, "1", 5, null),
  ]);
  const id = (barn: string, born: number | null) => {
    const found = ids[`${barn}/${born === null ? "" : daysAgo(born)}`];
    if (!found) throw new Error(`animal ${barn}`);
    return found.id;
  };
  const a = { 1: id("1", 800), 2: id("2", 900), 3: id("3", 1500), 4: id("4", 2200), 5: id("5", 1400) };
  const ev = (animalId: number, code: string, ago: number) => ({
    databaseId: w.herd.id,
    animalId,
    code,
    eventDate: daysAgo(ago),
    lact: 1,
  });
  await t.database.db
    .insert(herdEvents)
    .values([
      ev(a[1], "BRED", 10),
      ev(a[1], "PREG", 5),
      ev(a[2], "MAST", 20),
      ev(a[3], "BRED", 40),
      ev(a[3], "PREG", 5),
      ev(a[3], "ABORT", 2),
      ev(a[4], "MAST", 400),
      ev(a[5], "BRED", 150),
      ev(a[5], "BRED", 120),
      ev(a[5], "PREG", 80),
    ]);
  const td = (animalId: number, ago: number, milkKg: string, scc: number | null) => ({
    databaseId: w.herd.id,
    animalId,
    testDate: daysAgo(ago),
    lact: 1,
    milkKg,
    scc,
  });
  await t.database.db
    .insert(herdTestDays)
    .values([
      td(a[1], 10, "30.50", 120),
      td(a[2], 12, "41.00", 400),
      td(a[3], 40, "45.00", 100),
      td(a[3], 8, "28.00", null),
      td(a[5], 60, "12.00", 900),
    ]);
}

beforeAll(async () => {
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  await eightAnimals();
});

const count = (body: Record<string, unknown>, token = w.zoo.token, dbUuid = w.herd.uuid) =>
  t.request({ method: "POST", url: `/api/herd/${dbUuid}/segments/count/`, token, payload: body });

async function countOf(text: string): Promise<number> {
  const res = await count({ text });
  expect(res.statusCode, `${text}: ${res.body}`).toBe(200);
  return (res.json() as HerdSegmentCount).count;
}

describe("POST /api/herd/:db_uuid/segments/count/", () => {
  it("counts the sold and dead only when the rule asks for them by STATUS", async () => {
    expect(await countOf("DIM>=100 STATUS=MILKING,DRY,SOLD")).toBe(3); // 2, 5, 7 (100 days at its exit)
  });

  it("counts each item as the table above gives it", async () => {
    // Like DC305: the animals in the herd unless the rule names statuses (7 was sold).
    expect(await countOf("")).toBe(7);
    expect(await countOf("STATUS=SOLD,DIED")).toBe(1);
    expect(await countOf("LACT=1")).toBe(3); // 1, 2, 8
    expect(await countOf("LACT=1 DIM<100")).toBe(2); // 1 (50), 8 (5)
    expect(await countOf("LACT>=2")).toBe(3); // 3, 4, 5 — 7 was sold
    expect(await countOf("PEN=1,2")).toBe(4); // 1, 2, 3, 8
    expect(await countOf("PEN<>1")).toBe(5); // 2, 3, 4, 5, 6 — 7 has no pen
    expect(await countOf("STATUS=MILKING,DRY")).toBe(6);
    expect(await countOf("DIM>=100")).toBe(2); // 2 (150), 5 (300); 3 is at 90, 7 was sold
    expect(await countOf("DIM>=100 STATUS<>SOLD")).toBe(2); // 2, 5
    expect(await countOf("DCC>0")).toBe(2); // 1 (10), 5 (120); 3 aborted
    expect(await countOf("DCC>=100")).toBe(1); // 5
    expect(await countOf("MILK>=30")).toBe(2); // 1 (30.5), 2 (41); 3's latest is 28
    expect(await countOf("MILK<30")).toBe(2); // 3 (28), 5 (12)
    expect(await countOf("SCC>200")).toBe(2); // 2 (400), 5 (900); 3's latest has none
    expect(await countOf("AGE<24")).toBe(1); // 6 (400 days ≈ 13 months); 1 is 800 days ≈ 26
    expect(await countOf("EVENT=MAST")).toBe(1); // 2; 4's is before the period
    expect(await countOf("EVENT<>MAST STATUS=MILKING")).toBe(4); // 1, 3, 4, 8
    expect(await countOf("LACT=1 DIM<100 OR LACT=3")).toBe(3); // 1, 8, 4
    expect(await countOf("(PEN=1 OR PEN=5) LACT>1")).toBe(1); // 4
  });

  it("counts events in the period asked for", async () => {
    const res = await count({ text: "EVENT=MAST", from: daysAgo(500), to: daysAgo(0) });
    expect((res.json() as HerdSegmentCount).count).toBe(2);
  });

  it("takes the builder's tree and answers the canonical text, and the text's tree", async () => {
    const res = await count({
      rule: {
        join: "and",
        items: [
          { item: "LACT", op: "=", values: [1] },
          { join: "and", items: [{ item: "DIM", op: "<", values: [100] }] },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      count: 2,
      text: "LACT=1 DIM<100",
      rule: {
        join: "and",
        items: [
          { item: "LACT", op: "=", values: [1] },
          { item: "DIM", op: "<", values: [100] },
        ],
      },
    });
  });

  it("answers 400 with the position of a mistake in the text, and a wrong tree's reason", async () => {
    const bad = await count({ text: "LACT=1 FOO>3" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "validation_error", position: 7 });
    expect(bad.json().message).toContain("Неизвестный показатель «FOO»");

    const tree = await count({ rule: { join: "and", items: [{ item: "PEN", op: "<", values: ["5"] }] } });
    expect(tree.statusCode).toBe(400);
    expect(tree.json().message).toBe("PEN: только знаки = и <>");

    const neither = await count({});
    expect(neither.statusCode).toBe(400);
  });

  it("filters the animal list by a typed rule or a saved segment: the same animals as the count", async () => {
    const list = async (query: Record<string, string>, token = w.zoo.token) =>
      t.request({ method: "GET", url: `/api/herd/${w.herd.uuid}/animals/`, token, query });
    for (const text of ["LACT=1 DIM<100", "DCC>0", "EVENT<>MAST STATUS=MILKING", "(PEN=1 OR PEN=5) LACT>1"]) {
      const page = (await list({ rule: text })).json() as HerdAnimalsPage;
      expect(page.total, text).toBe(await countOf(text));
    }
    const byRule = (await list({ rule: "LACT=1 DIM<100" })).json() as HerdAnimalsPage;
    expect(byRule.items.map((a) => a.barn_number)).toEqual(["1", "8"]);
    // The list's own filters narrow the segment further.
    expect(((await list({ rule: "LACT=1 DIM<100", pen: "1", q: "8" })).json() as HerdAnimalsPage).total).toBe(1);

    const saved = await t.request({
      method: "POST",
      url: `/api/herd/${w.herd.uuid}/segments/`,
      token: w.zoo.token,
      payload: { name: "Дойные первотёлки", text: "LACT=1 STATUS=MILKING" },
    });
    const { uuid } = saved.json() as { uuid: string };
    expect(((await list({ segment: uuid })).json() as HerdAnimalsPage).total).toBe(3); // 1, 2, 8
    expect((await list({ segment: uuid }, w.viewer.token)).statusCode).toBe(404); // not shared
    const bad = await list({ rule: "LACT=" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ position: 5 });
  });

  it("answers 404 for another company's database", async () => {
    const res = await count({ text: "LACT=1" }, w.other.token);
    expect(res.statusCode).toBe(404);
  });
});
