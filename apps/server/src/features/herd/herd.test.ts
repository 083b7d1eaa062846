import type {
  HerdAnimalCard,
  HerdAnimalsPage,
  HerdDataset,
  HerdEventsPage,
  HerdUploadRecord,
} from "@nadoy/contract/herd";
import { HERD_PAGE_SIZE } from "@nadoy/contract/herd";
import { wrongDatabaseKindText } from "@nadoy/contract/users";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { herdAnimals, herdEvents, herdLactations, herdTestDays, herdUploads } from "../../db/schema/index.ts";
import { daysAgo, herdApi, ok, seedAnimals, seedHerdWorld } from "./herd.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

/**
 * Seven animals of «Стадо»: two «33» (the number reused: one sold in 2025, one fresh 10 days ago),
 * by status milking 3, dry 1, heifer 1, sold 1, died 1.
 */
async function sevenAnimals(databaseId: number) {
  return seedAnimals(t, databaseId, [
    {
      barnNumber: "2",
      earTag: "RU100200",
      birthDate: "2021-01-01",
      status: "milking",
      lact: 2,
      pen: "1",
      freshDate: daysAgo(30),
    },
    {
      barnNumber: "10",
      earTag: "RU100300",
      birthDate: "2022-02-02",
      status: "milking",
      lact: 1,
      pen: "2",
      freshDate: daysAgo(100),
    },
    {
      barnNumber: "33",
      birthDate: "2015-05-05",
      status: "sold",
      lact: 3,
      pen: "4",
      freshDate: "2024-12-02",
      exitDate: "2025-02-01",
      exitReason: "Мастит",
    },
    { barnNumber: "33", birthDate: "2023-03-03", status: "milking", lact: 1, pen: "1", freshDate: daysAgo(10) },
    { barnNumber: "7", birthDate: "2019-07-07", status: "dry", lact: 2, pen: "3", freshDate: daysAgo(320) },
    { barnNumber: "501", birthDate: "2025-01-05", status: "heifer", lact: 0, pen: "5" },
    {
      barnNumber: "12",
      birthDate: "2016-06-06",
      status: "died",
      lact: 4,
      freshDate: "2024-03-01",
      exitDate: "2024-04-10",
    },
  ]);
}

const barns = (page: HerdAnimalsPage) => page.items.map((a) => a.barn_number);

describe("GET /api/herd/:db_uuid/animals/", () => {
  it("lists every animal, barn numbers in numeric order, a reused number once per animal", async () => {
    const w = await seedHerdWorld(t);
    await sevenAnimals(w.herd.id);

    const page = ok<HerdAnimalsPage>(await herdApi(t, w.zoo.token, w.herd.uuid).animals());

    expect(page).toMatchObject({ total: 7, page: 1, page_size: HERD_PAGE_SIZE });
    // The younger «33» first (by birth date, newest first).
    expect(page.items.map((a) => [a.barn_number, a.birth_date])).toEqual([
      ["2", "2021-01-01"],
      ["7", "2019-07-07"],
      ["10", "2022-02-02"],
      ["12", "2016-06-06"],
      ["33", "2023-03-03"],
      ["33", "2015-05-05"],
      ["501", "2025-01-05"],
    ]);
    const byBarn = Object.fromEntries(page.items.map((a) => [`${a.barn_number}/${a.birth_date}`, a]));
    // DIM: today − fresh for milking and dry cows, at the exit for sold and died, none for heifers.
    expect(byBarn["2/2021-01-01"]).toMatchObject({
      dim: 30,
      status: "milking",
      lact: 2,
      pen: "1",
      ear_tag: "RU100200",
    });
    expect(byBarn["7/2019-07-07"]?.dim).toBe(320);
    expect(byBarn["33/2015-05-05"]).toMatchObject({ dim: 61, exit_date: "2025-02-01", fresh_date: "2024-12-02" });
    expect(byBarn["12/2016-06-06"]?.dim).toBe(40);
    expect(byBarn["501/2025-01-05"]).toMatchObject({ dim: null, lact: 0, fresh_date: null });
  });

  it.each([
    [{ status: "milking" }, ["2", "10", "33"]],
    [{ status: "heifer" }, ["501"]],
    [{ lact: "2" }, ["2", "7"]],
    [{ pen: "1" }, ["2", "33"]],
    [{ dim_from: "0", dim_to: "60" }, ["2", "33"]],
    [{ dim_from: "300" }, ["7"]],
    [{ dim_to: "100" }, ["2", "10", "33"]],
    [{ q: "33" }, ["33", "33"]],
    [{ q: "ru1003" }, ["10"]],
    [{ q: "RU1" }, ["2", "10"]],
    [{ q: "3" }, []],
    [{ q: "RU%" }, []],
    [{ status: "milking", pen: "1", dim_to: "20" }, ["33"]],
  ])("filter %o narrows the list to %o", async (query, expected) => {
    const w = await seedHerdWorld(t);
    await sevenAnimals(w.herd.id);

    const page = ok<HerdAnimalsPage>(await herdApi(t, w.zoo.token, w.herd.uuid).animals(query));

    expect(barns(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it("pages by HERD_PAGE_SIZE with the total on every page, past the last one too", async () => {
    const w = await seedHerdWorld(t);
    await t.database.db.execute(
      sql`insert into herd_animals (database_id, barn_number, birth_date, status, lact)
          select ${w.herd.id}, n::text, '2020-01-01', 'milking', 1 from generate_series(1, 55) n`,
    );
    const api = herdApi(t, w.zoo.token, w.herd.uuid);

    const first = ok<HerdAnimalsPage>(await api.animals({ page: "1" }));
    const second = ok<HerdAnimalsPage>(await api.animals({ page: "2" }));
    const third = ok<HerdAnimalsPage>(await api.animals({ page: "3" }));

    expect(HERD_PAGE_SIZE).toBe(50);
    expect([first.total, first.items.length, first.items[0]?.barn_number, first.items[49]?.barn_number]).toEqual([
      55,
      50,
      "1",
      "50",
    ]);
    expect([second.total, barns(second)]).toEqual([55, ["51", "52", "53", "54", "55"]]);
    expect([third.total, third.items]).toEqual([55, []]);
  });
});

describe("GET /api/herd/:db_uuid/animals/:animal_uuid/", () => {
  it("shows the animal, its lactations with the test-interval milk, events newest first in Russian, test days oldest first", async () => {
    const w = await seedHerdWorld(t);
    const animals = await sevenAnimals(w.herd.id);
    const cow = animals["2/2021-01-01"];
    if (!cow) throw new Error("seeded");
    const db = t.database.db;
    await db
      .update(herdAnimals)
      .set({ sire: "HOLUSA123", dam: "1001", attributes: { XLAME: "1", PSTRG: "5" } })
      .where(sql`${herdAnimals.id} = ${cow.id}`);
    await db.insert(herdLactations).values([
      { databaseId: w.herd.id, animalId: cow.id, lact: 1, freshDate: "2025-01-01", dryDate: "2025-03-22" },
      { databaseId: w.herd.id, animalId: cow.id, lact: 2, freshDate: daysAgo(30) },
    ]);
    const td = (testDate: string, lact: number, milkKg: string | null) => ({
      databaseId: w.herd.id,
      animalId: cow.id,
      testDate,
      lact,
      milkKg,
      fatPct: "3.80",
      proteinPct: "3.20",
      scc: 150,
    });
    await db
      .insert(herdTestDays)
      .values([
        td("2025-01-11", 1, "30.00"),
        td("2025-02-10", 1, "40.00"),
        td("2025-03-12", 1, "36.00"),
        td(daysAgo(20), 2, "25.00"),
      ]);
    const ev = (eventDate: string, code: string, remark = "") => ({
      databaseId: w.herd.id,
      animalId: cow.id,
      eventDate,
      code,
      lact: 1,
      remark,
    });
    await db
      .insert(herdEvents)
      .values([
        ev("2025-01-01", "FRESH"),
        ev("2025-02-15", "BRED", "SIRE1"),
        ev("2025-02-15", "BRED", "SIRE2"),
        ev("2025-04-01", "XLAMEX", "левая задняя"),
        ev(daysAgo(30), "FRESH"),
      ]);

    const card = ok<HerdAnimalCard>(await herdApi(t, w.viewer.token, w.herd.uuid).animal(cow.uuid));

    expect(card).toMatchObject({
      uuid: cow.uuid,
      barn_number: "2",
      sire: "HOLUSA123",
      dam: "1001",
      exit_reason: null,
      attributes: { XLAME: "1", PSTRG: "5" },
    });
    // Lactation 1 by hand: 10 days × 30 (fresh → 11 Jan) + 30 days × (30+40)/2 + 30 days × (40+36)/2
    // + 10 days × 36 (12 → 22 Mar, dry) = 300 + 1050 + 1140 + 360 = 2850. Lactation 2 goes on:
    // 10 days × 25 up to its only test day, nothing after it.
    expect(card.lactations).toEqual([
      { lact: 1, fresh_date: "2025-01-01", dry_date: "2025-03-22", end_date: daysAgo(30), milk_kg: 2850 },
      { lact: 2, fresh_date: daysAgo(30), dry_date: null, end_date: null, milk_kg: 250 },
    ]);
    expect(card.events.map((e) => [e.date, e.code, e.name, e.remark])).toEqual([
      [daysAgo(30), "FRESH", "Отёл", ""],
      ["2025-04-01", "XLAMEX", "XLAMEX", "левая задняя"],
      ["2025-02-15", "BRED", "Осеменение", "SIRE2"],
      ["2025-02-15", "BRED", "Осеменение", "SIRE1"],
      ["2025-01-01", "FRESH", "Отёл", ""],
    ]);
    expect(card.test_days.map((d) => [d.date, d.milk_kg])).toEqual([
      ["2025-01-11", 30],
      ["2025-02-10", 40],
      ["2025-03-12", 36],
      [daysAgo(20), 25],
    ]);
    expect(card.test_days[0]).toMatchObject({ lact: 1, fat_pct: 3.8, protein_pct: 3.2, scc: 150 });
  });

  it("a lactation without test days has no milk figure; the last one ends at the exit", async () => {
    const w = await seedHerdWorld(t);
    const animals = await sevenAnimals(w.herd.id);
    const sold = animals["33/2015-05-05"];
    if (!sold) throw new Error("seeded");
    await t.database.db
      .insert(herdLactations)
      .values({ databaseId: w.herd.id, animalId: sold.id, lact: 3, freshDate: "2024-12-02" });

    const card = ok<HerdAnimalCard>(await herdApi(t, w.zoo.token, w.herd.uuid).animal(sold.uuid));

    expect(card.lactations).toEqual([
      { lact: 3, fresh_date: "2024-12-02", dry_date: null, end_date: "2025-02-01", milk_kg: null },
    ]);
    expect(card).toMatchObject({ status: "sold", exit_reason: "Мастит", dim: 61, events: [], test_days: [] });
  });

  it("a reused barn number: both animals are listed and each card shows its own events", async () => {
    const w = await seedHerdWorld(t);
    const animals = await sevenAnimals(w.herd.id);
    const old = animals["33/2015-05-05"];
    const young = animals["33/2023-03-03"];
    if (!old || !young) throw new Error("seeded");
    await t.database.db.insert(herdEvents).values([
      { databaseId: w.herd.id, animalId: old.id, eventDate: "2025-02-01", code: "SOLD", lact: 3 },
      { databaseId: w.herd.id, animalId: young.id, eventDate: daysAgo(10), code: "FRESH", lact: 1 },
    ]);
    const api = herdApi(t, w.zoo.token, w.herd.uuid);

    const listed = ok<HerdAnimalsPage>(await api.animals({ q: "33" }));
    const oldCard = ok<HerdAnimalCard>(await api.animal(old.uuid));
    const youngCard = ok<HerdAnimalCard>(await api.animal(young.uuid));

    expect(listed.items.map((a) => a.uuid)).toEqual([young.uuid, old.uuid]);
    expect(oldCard.events.map((e) => [e.code, e.name])).toEqual([["SOLD", "Продана"]]);
    expect(youngCard.events.map((e) => [e.code, e.name])).toEqual([["FRESH", "Отёл"]]);
  });

  it("no such animal, or an animal of a database the caller may not see, is 404", async () => {
    const w = await seedHerdWorld(t);
    const animals = await sevenAnimals(w.herd.id);
    const cow = animals["2/2021-01-01"];
    if (!cow) throw new Error("seeded");
    const api = herdApi(t, w.zoo.token, w.herd.uuid);

    expect((await api.animal("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await herdApi(t, w.other.token, w.herd.uuid).animal(cow.uuid)).statusCode).toBe(404);
  });
});

describe("herd identity and re-imports (schema)", () => {
  it("an ear tag, or a barn number with a birth date, is one animal; the same event again adds nothing", async () => {
    const w = await seedHerdWorld(t);
    const animals = await sevenAnimals(w.herd.id);
    const cow = animals["2/2021-01-01"];
    if (!cow) throw new Error("seeded");
    const db = t.database.db;
    const again = (values: Omit<typeof herdAnimals.$inferInsert, "databaseId">) =>
      db
        .insert(herdAnimals)
        .values({ ...values, databaseId: w.herd.id })
        .onConflictDoNothing()
        .returning({ id: herdAnimals.id });

    // The same ear tag; the same number and birth date without a tag: refused. Another birth date: a new animal.
    expect(await again({ barnNumber: "99", earTag: "RU100200", status: "milking" })).toHaveLength(0);
    expect(await again({ barnNumber: "33", birthDate: "2015-05-05", status: "heifer" })).toHaveLength(0);
    expect(await again({ barnNumber: "33", birthDate: "2024-04-04", status: "heifer" })).toHaveLength(1);

    const event = { databaseId: w.herd.id, animalId: cow.id, eventDate: "2025-02-15", code: "BRED", remark: "SIRE1" };
    const insertEvent = (values: typeof herdEvents.$inferInsert) =>
      db.insert(herdEvents).values(values).onConflictDoNothing().returning({ id: herdEvents.id });
    expect(await insertEvent(event)).toHaveLength(1);
    expect(await insertEvent(event)).toHaveLength(0);
    expect(await insertEvent({ ...event, remark: "SIRE2" })).toHaveLength(1);
  });
});

describe("GET /api/herd/:db_uuid/events/", () => {
  it("lists events newest first with their animals, filtered by code and period", async () => {
    const w = await seedHerdWorld(t);
    const animals = await sevenAnimals(w.herd.id);
    const cow = animals["2/2021-01-01"];
    const young = animals["33/2023-03-03"];
    if (!cow || !young) throw new Error("seeded");
    await t.database.db.insert(herdEvents).values([
      { databaseId: w.herd.id, animalId: cow.id, eventDate: "2025-01-01", code: "FRESH" },
      { databaseId: w.herd.id, animalId: cow.id, eventDate: "2025-02-15", code: "BRED", remark: "SIRE1" },
      { databaseId: w.herd.id, animalId: young.id, eventDate: "2025-03-01", code: "BRED", remark: "SIRE3" },
      { databaseId: w.herd.id, animalId: young.id, eventDate: "2025-03-05", code: "MAST" },
    ]);
    const api = herdApi(t, w.zoo.token, w.herd.uuid);

    const all = ok<HerdEventsPage>(await api.events());
    const bred = ok<HerdEventsPage>(await api.events({ code: "bred" }));
    const march = ok<HerdEventsPage>(await api.events({ from: "2025-02-16", to: "2025-03-04" }));
    const none = ok<HerdEventsPage>(await api.events({ page: "2" }));

    expect(all.items.map((e) => [e.date, e.code, e.name, e.animal.barn_number])).toEqual([
      ["2025-03-05", "MAST", "Мастит", "33"],
      ["2025-03-01", "BRED", "Осеменение", "33"],
      ["2025-02-15", "BRED", "Осеменение", "2"],
      ["2025-01-01", "FRESH", "Отёл", "2"],
    ]);
    expect(all.items[0]?.animal.uuid).toBe(young.uuid);
    expect([bred.total, bred.items.map((e) => e.remark)]).toEqual([2, ["SIRE3", "SIRE1"]]);
    expect([march.total, march.items.map((e) => e.remark)]).toEqual([1, ["SIRE3"]]);
    expect([none.total, none.items]).toEqual([4, []]);
  });
});

describe("uploads and datasets", () => {
  async function twoUploads(w: Awaited<ReturnType<typeof seedHerdWorld>>) {
    await t.database.db.insert(herdUploads).values([
      {
        databaseId: w.herd.id,
        userId: w.zoo.id,
        fileName: "events.csv",
        sizeBytes: 2048,
        format: "dc305",
        kind: "events",
        status: "committed",
        counts: { rows: 120, events_new: 118, rows_refused: 2 },
        errors: [{ line: 7, message: "Нет даты" }],
        errorsCount: 2,
        durationMs: 850,
        createdAt: new Date("2025-03-01T10:00:00Z"),
        committedAt: new Date("2025-03-01T10:01:00Z"),
      },
      {
        databaseId: w.herd.id,
        userId: null,
        fileName: "bad.xlsx",
        sizeBytes: 100,
        format: "spreadsheet",
        status: "failed",
        createdAt: new Date("2025-03-02T09:00:00Z"),
      },
    ]);
  }

  it("the upload history: newest first, with the user's name, zero counts where none were stored", async () => {
    const w = await seedHerdWorld(t);
    await twoUploads(w);

    const list = ok<HerdUploadRecord[]>(await herdApi(t, w.viewer.token, w.herd.uuid).uploads());

    expect(list.map((u) => [u.file_name, u.status, u.user?.name ?? null])).toEqual([
      ["bad.xlsx", "failed", null],
      ["events.csv", "committed", "Анна Петрова"],
    ]);
    expect(list[1]).toMatchObject({
      database: { uuid: w.herd.uuid, name: "Стадо" },
      size_bytes: 2048,
      format: "dc305",
      kind: "events",
      errors_count: 2,
      duration_ms: 850,
      created_at: "2025-03-01T10:00:00.000Z",
      committed_at: "2025-03-01T10:01:00.000Z",
    });
    expect(list[1]?.counts).toEqual({
      rows: 120,
      animals_new: 0,
      animals_changed: 0,
      animals_unchanged: 0,
      events_new: 118,
      events_unchanged: 0,
      test_days_new: 0,
      test_days_changed: 0,
      test_days_unchanged: 0,
      rows_refused: 2,
      rows_repeated: 0,
    });
    expect(list[0]).toMatchObject({ kind: null, committed_at: null, counts: { rows: 0 } });
  });

  it("datasets: each herd database the caller sees, animals by status, event and test-day ranges, the last commit", async () => {
    const w = await seedHerdWorld(t);
    const animals = await sevenAnimals(w.herd.id);
    const cow = animals["2/2021-01-01"];
    if (!cow) throw new Error("seeded");
    await t.database.db.insert(herdEvents).values([
      { databaseId: w.herd.id, animalId: cow.id, eventDate: "2025-01-01", code: "FRESH" },
      { databaseId: w.herd.id, animalId: cow.id, eventDate: "2025-02-15", code: "BRED" },
      { databaseId: w.herd.id, animalId: cow.id, eventDate: "2025-03-05", code: "MAST" },
    ]);
    await t.database.db.insert(herdTestDays).values([
      { databaseId: w.herd.id, animalId: cow.id, testDate: "2025-01-11", milkKg: "30" },
      { databaseId: w.herd.id, animalId: cow.id, testDate: "2025-02-10", milkKg: "40" },
    ]);
    await twoUploads(w);

    const [zoo] = ok<HerdDataset[]>(await herdApi(t, w.zoo.token, w.herd.uuid).datasets());
    const viewerSets = ok<HerdDataset[]>(await herdApi(t, w.viewer.token, w.herd.uuid).datasets());

    expect(zoo).toMatchObject({
      uuid: w.herd.uuid,
      name: "Стадо",
      company: { uuid: w.zarya.company.uuid, name: "Заря" },
      farm: { name: "МТФ-1" },
      animals_by_status: { milking: 3, dry: 1, heifer: 1, sold: 1, died: 1 },
      events: { count: 3, from: "2025-01-01", to: "2025-03-05" },
      test_days: { count: 2, from: "2025-01-11", to: "2025-02-10" },
      can_upload: true,
    });
    // The failed upload is newer, but the data is as fresh as the last commit.
    expect(zoo?.last_upload).toMatchObject({ file_name: "events.csv", status: "committed" });
    // The monitoring database is not a herd dataset; a viewer reads, but may not upload.
    expect(viewerSets.map((d) => [d.name, d.can_upload])).toEqual([["Стадо", false]]);
  });

  it("an empty herd database: zeros for every status, no ranges, no upload", async () => {
    const w = await seedHerdWorld(t);

    const sets = ok<HerdDataset[]>(await herdApi(t, w.zoo.token, w.herd.uuid).datasets());

    expect(sets).toEqual([
      expect.objectContaining({
        animals_by_status: { milking: 0, dry: 0, heifer: 0, sold: 0, died: 0 },
        events: { count: 0, from: null, to: null },
        test_days: { count: 0, from: null, to: null },
        last_upload: null,
      }),
    ]);
  });
});

describe("who may read", () => {
  it("another company's user: 404 everywhere and no datasets; a monitoring database: 409 with its kind", async () => {
    const w = await seedHerdWorld(t);
    const other = herdApi(t, w.other.token, w.herd.uuid);

    for (const res of [await other.animals(), await other.events(), await other.uploads()]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: "not_found", message: "Не найдено" });
    }
    expect(ok<HerdDataset[]>(await other.datasets())).toEqual([]);

    const wrongKind = await herdApi(t, w.zoo.token, w.monitoring.uuid).animals();
    expect(wrongKind.statusCode).toBe(409);
    expect(wrongKind.json()).toEqual({ code: "conflict", message: wrongDatabaseKindText("monitoring", "herd") });
  });
});

describe("users/data: database_upload_statistic (the «Загрузка данных» menu)", () => {
  it("uploaders get every herd database they see; viewers only those with committed uploads", async () => {
    const w = await seedHerdWorld(t);
    const menu = async (token: string) =>
      ok<{ database_upload_statistic: unknown[] }>(await t.request({ method: "GET", url: "/api/users/data/", token }))
        .database_upload_statistic;
    const herdEntry = { uuid: w.herd.uuid, name: "Стадо", active: true };

    expect(await menu(w.zoo.token)).toEqual([herdEntry]);
    expect(await menu(w.viewer.token)).toEqual([]);

    await t.database.db.insert(herdUploads).values({
      databaseId: w.herd.id,
      fileName: "events.csv",
      sizeBytes: 10,
      format: "dc305",
      status: "committed",
      committedAt: new Date(),
    });

    expect(await menu(w.viewer.token)).toEqual([herdEntry]);
    expect(await menu(w.other.token)).toEqual([]);
  });
});
