import type { HerdSegment } from "@nadoy/contract/herd-segments";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { daysAgo, seedAnimals, seedHerdWorld } from "../herd.test-kit.ts";

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
});

const api = (token: string, dbUuid = w.herd.uuid) => ({
  list: () => t.request({ method: "GET", url: `/api/herd/${dbUuid}/segments/`, token }),
  create: (payload: Record<string, unknown>) =>
    t.request({ method: "POST", url: `/api/herd/${dbUuid}/segments/`, token, payload }),
  update: (uuid: string, payload: Record<string, unknown>) =>
    t.request({ method: "PUT", url: `/api/herd/${dbUuid}/segments/${uuid}/`, token, payload }),
  remove: (uuid: string) => t.request({ method: "DELETE", url: `/api/herd/${dbUuid}/segments/${uuid}/`, token }),
});

describe("saved herd segments", () => {
  it("saves a rule typed as text and answers it as text and tree, owned by the caller", async () => {
    const res = await api(w.zoo.token).create({ name: "  Первотёлки до 100 дней ", text: "lact=1 and dim<100" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Первотёлки до 100 дней",
      text: "LACT=1 DIM<100",
      rule: {
        join: "and",
        items: [
          { item: "LACT", op: "=", values: [1] },
          { item: "DIM", op: "<", values: [100] },
        ],
      },
      shared: false,
      active: true,
      owner: { id: w.zoo.id, name: "Анна Петрова" },
      editable: true,
    });
  });

  it("shows a segment to others only when shared, and lets only its owner change it", async () => {
    const mine = (await api(w.zoo.token).create({ name: "Мой", text: "LACT>2" })).json() as HerdSegment;
    const common = (
      await api(w.zoo.token).create({ name: "Общий", text: "PEN=5", shared: true })
    ).json() as HerdSegment;

    const seen = (await api(w.viewer.token).list()).json() as HerdSegment[];
    expect(seen.map((s) => [s.name, s.editable])).toEqual([["Общий", false]]);
    expect((await api(w.viewer.token).update(mine.uuid, { name: "x", text: "LACT=1" })).statusCode).toBe(404);
    expect((await api(w.viewer.token).update(common.uuid, { name: "x", text: "LACT=1" })).statusCode).toBe(403);
    expect((await api(w.viewer.token).remove(common.uuid)).statusCode).toBe(403);

    const own = (await api(w.zoo.token).list()).json() as HerdSegment[];
    expect(own.map((s) => s.name)).toEqual(["Мой", "Общий"]);
  });

  it("lists each segment with its animals today, as the live count counts them", async () => {
    // Five animals: cows of lactation 1 (two), 2 and 3 in the herd, and a sold cow of lactation 1.
    await seedAnimals(t, w.herd.id, [
      { barnNumber: "1", status: "milking", lact: 1, freshDate: daysAgo(40), birthDate: daysAgo(900) },
      { barnNumber: "2", status: "milking", lact: 1, freshDate: daysAgo(140), birthDate: daysAgo(901) },
      { barnNumber: "3", status: "dry", lact: 2, freshDate: daysAgo(300), birthDate: daysAgo(1500) },
      { barnNumber: "4", status: "milking", lact: 3, freshDate: daysAgo(20), birthDate: daysAgo(2500) },
      {
        barnNumber: "5",
        status: "sold",
        lact: 1,
        freshDate: daysAgo(90),
        birthDate: daysAgo(903),
        exitDate: daysAgo(5),
      },
    ]);
    const zoo = api(w.zoo.token);
    for (const [name, text] of [
      ["Первотёлки", "LACT=1"],
      ["До 100 дней", "DIM<100"],
      ["Выбывшие", "STATUS=SOLD"],
      ["Никто", "LACT>9"],
    ]) {
      expect((await zoo.create({ name, text })).statusCode).toBe(201);
    }
    const listed = (await zoo.list()).json() as HerdSegment[];
    expect(Object.fromEntries(listed.map((s) => [s.name, s.count]))).toEqual({
      Первотёлки: 2,
      "До 100 дней": 2,
      Выбывшие: 1,
      Никто: 0,
    });
    for (const segment of listed) {
      const live = await t.request({
        method: "POST",
        url: `/api/herd/${w.herd.uuid}/segments/count/`,
        token: w.zoo.token,
        payload: { text: segment.text },
      });
      expect((live.json() as { count: number }).count).toBe(segment.count);
    }
  });

  it("changes and deletes a segment; a bad rule changes nothing", async () => {
    const segment = (await api(w.zoo.token).create({ name: "Сухие", text: "STATUS=DRY" })).json() as HerdSegment;

    const bad = await api(w.zoo.token).update(segment.uuid, { name: "Сухие", text: "STATUS=DRY DIM<<5" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ position: 15 });
    const updated = await api(w.zoo.token).update(segment.uuid, {
      name: "Сухие 2",
      rule: {
        join: "or",
        items: [
          { item: "STATUS", op: "=", values: ["DRY"] },
          { item: "DCC", op: ">", values: [200] },
        ],
      },
      active: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: "Сухие 2", text: "STATUS=DRY OR DCC>200", active: false });

    expect((await api(w.zoo.token).remove(segment.uuid)).statusCode).toBe(204);
    expect((await api(w.zoo.token).list()).json()).toEqual([]);
    expect((await api(w.zoo.token).remove(segment.uuid)).statusCode).toBe(404);
  });

  it("names a deleted segment of a report's link as the segment, not as a missing database", async () => {
    const segment = (await api(w.zoo.token).create({ name: "Сухие", text: "STATUS=DRY" })).json() as HerdSegment;
    const report = (uuid: string, token = w.zoo.token) =>
      t.request({ method: "GET", url: `/api/herd/${w.herd.uuid}/reports/1/?segment=${uuid}`, token });
    expect((await report(segment.uuid)).statusCode).toBe(200);

    expect((await api(w.zoo.token).remove(segment.uuid)).statusCode).toBe(204);
    const gone = await report(segment.uuid);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: "not_found", message: "Сегмент не найден: он удалён или вам недоступен" });
    // To another company's caller the database itself is not found.
    const other = await report(segment.uuid, w.other.token);
    expect(other.statusCode).toBe(404);
    expect(other.json<{ message: string }>().message).toBe("Не найдено");
  });

  it("refuses viewers' saves (403) and another company's callers (404)", async () => {
    expect((await api(w.viewer.token).create({ name: "Мой", text: "LACT=1" })).statusCode).toBe(403);
    expect((await api(w.other.token).list()).statusCode).toBe(404);
    expect((await api(w.other.token).create({ name: "Мой", text: "LACT=1" })).statusCode).toBe(404);
    expect((await api(w.zoo.token).create({ name: "", text: "LACT=1" })).statusCode).toBe(400);
  });
});
