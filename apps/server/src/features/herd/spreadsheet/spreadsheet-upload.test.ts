import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type {
  HerdAnimalCard,
  HerdAnimalsPage,
  HerdEventsPage,
  HerdUploadCreated,
  HerdUploadRecord,
} from "@nadoy/contract/herd";
import type { HerdMyUpload } from "@nadoy/contract/herd-spreadsheet";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { queryRows } from "../../../db/client.ts";
import { userDatabaseAccess } from "../../../db/schema/index.ts";
import { seedUser } from "../../../db/seed/users.ts";
import { herdApi, ok } from "../herd.test-kit.ts";
import { counts, herdTableCounts, seedUploadWorld, setDc305 } from "../upload/herd-upload.test-kit.ts";
import { sheetApi, utf8Bom, win1251, xlsxOf } from "./spreadsheet.test-kit.ts";

// Spreadsheets through the upload routes: staged preview, commit into the herd (seen in the
// animal list, the card and the events), re-import, the remembered mapping, the remap.

let t: TestApp;
let w: Awaited<ReturnType<typeof seedUploadWorld>>;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  w = await seedUploadWorld(t);
});

const db = () => t.database.db;
const api = () => sheetApi(t, w.zoo.token, w.herd.uuid);
const herd = () => herdApi(t, w.zoo.token, w.herd.uuid);
const csv = (...lines: string[]) => `${lines.join("\r\n")}\r\n`;
const animalUuid = async (barn: string) => {
  const page = ok<HerdAnimalsPage>(await herd().animals({ q: barn }));
  const animal = page.items.find((a) => a.barn_number === barn);
  if (!animal) throw new Error(`animal ${barn} listed`);
  return animal.uuid;
};

const TEST_DAYS = csv(
  "Номер;Бирка;Дата рождения;Дата контрольной дойки;Удой, кг;Жир, %;Белок, %;СКС, тыс./мл",
  "101;RU101;15.03.2021;10.10.2026;38,5;3,85;3,21;180",
  "101;RU101;15.03.2021;10.11.2026;36,0;3,9;3,3;1 210",
  "102;RU102;02.04.2022;10.11.2026;41,2;4,0;3,4;95",
);

/** The animals of TEST_DAYS, put into the herd first: a test-day table brings no animals. */
const TEST_DAY_ANIMALS = csv("Номер;Бирка;Дата рождения", "101;RU101;15.03.2021", "102;RU102;02.04.2022");
const seedAnimals = async (file = TEST_DAY_ANIMALS) =>
  ok(await api().commit(ok<HerdUploadCreated>(await api().upload(Buffer.from(file), "animals"), 201).upload_uuid));

describe("upload, preview and commit", () => {
  it("imports test days from a Windows-1251 CSV with «;» and decimal commas, and a re-import adds nothing", async () => {
    await seedAnimals();
    const created = ok<HerdUploadCreated>(await api().upload(win1251(TEST_DAYS), "test_days"), 201);
    expect(created).toMatchObject({ format: "spreadsheet", kind: "test_days" });
    expect(created.preview).toMatchObject(counts({ rows: 3, animals_unchanged: 2, test_days_new: 3 }));
    expect(created.spreadsheet).toMatchObject({ file_type: "csv", mapping_source: "guessed", missing: [] });
    expect(created.spreadsheet?.columns.every((c) => c.field !== null)).toBe(true);
    expect(await herdTableCounts(db())).toMatchObject({ animals: 2, test_days: 0, staged: 3 });

    expect(ok(await api().commit(created.upload_uuid))).toMatchObject(
      counts({ rows: 3, animals_unchanged: 2, test_days_new: 3 }),
    );
    const list = ok<HerdAnimalsPage>(await herd().animals());
    expect(list.items.map((a) => [a.barn_number, a.ear_tag, a.birth_date])).toEqual([
      ["101", "RU101", "2021-03-15"],
      ["102", "RU102", "2022-04-02"],
    ]);
    const card = ok<HerdAnimalCard>(await herd().animal(await animalUuid("101")));
    expect(card.test_days.map((d) => [d.date, d.milk_kg, d.fat_pct, d.protein_pct, d.scc])).toEqual([
      ["2026-10-10", 38.5, 3.85, 3.21, 180],
      ["2026-11-10", 36, 3.9, 3.3, 1210],
    ]);

    const before = await herdTableCounts(db());
    const again = ok<HerdUploadCreated>(await api().upload(win1251(TEST_DAYS), "test_days"), 201);
    expect(again.preview).toMatchObject(counts({ rows: 3, animals_unchanged: 2, test_days_unchanged: 3 }));
    expect(ok(await api().commit(again.upload_uuid))).toMatchObject(
      counts({ rows: 3, animals_unchanged: 2, test_days_unchanged: 3 }),
    );
    expect(await herdTableCounts(db())).toEqual(before);
  });

  it("counts a test day the herd has with other values as changed, not new, and writes the file's values", async () => {
    await seedAnimals();
    ok(await api().commit(ok<HerdUploadCreated>(await api().upload(win1251(TEST_DAYS), "test_days"), 201).upload_uuid));
    // Cow 101's November test weighed again: 36,0 → 36,8 kg; the other two lines as they were.
    const corrected = TEST_DAYS.replace("10.11.2026;36,0;", "10.11.2026;36,8;");
    const again = ok<HerdUploadCreated>(await api().upload(win1251(corrected), "test_days"), 201);
    const expected = counts({ rows: 3, animals_unchanged: 2, test_days_changed: 1, test_days_unchanged: 2 });
    expect(again.preview).toMatchObject(expected);
    expect(ok(await api().commit(again.upload_uuid))).toMatchObject(expected);
    const card = ok<HerdAnimalCard>(await herd().animal(await animalUuid("101")));
    expect(card.test_days.map((d) => [d.date, d.milk_kg])).toEqual([
      ["2026-10-10", 38.5],
      ["2026-11-10", 36.8],
    ]);
    expect(await herdTableCounts(db())).toMatchObject({ test_days: 3 });
  });

  it("imports animals from a UTF-8 CSV with a BOM and «,», keeping unknown columns as attributes on the card", async () => {
    const file = utf8Bom(
      csv(
        'Номер,Бирка,Дата рождения,Порода,Группа,Лактация,Дата отёла,Масть,"Примечание, важное"',
        '7,RU007,01.05.2020,Голштинская,5,2,02.09.2026,чёрная,"хромала, вылечена"',
        "8,RU008,01.06.2024,Джерсейская,5,0,,рыжая,",
      ),
    );
    const created = ok<HerdUploadCreated>(await api().upload(file, "animals"), 201);
    expect(created.preview).toMatchObject({
      ...counts({ rows: 2, animals_new: 2 }),
      items: { kept: ["Масть", "Примечание, важное"] },
    });
    expect(created.spreadsheet?.columns.slice(-2)).toEqual([
      { column: "Масть", field: null, sample: "чёрная" },
      { column: "Примечание, важное", field: null, sample: "хромала, вылечена" },
    ]);
    ok(await api().commit(created.upload_uuid));

    const card = ok<HerdAnimalCard>(await herd().animal(await animalUuid("7")));
    expect(card).toMatchObject({
      ear_tag: "RU007",
      breed: "Голштинская",
      pen: "5",
      lact: 2,
      status: "milking",
      fresh_date: "2026-09-02",
      attributes: { Масть: "чёрная", "Примечание, важное": "хромала, вылечена" },
    });
    expect(card.lactations.map((l) => [l.lact, l.fresh_date])).toEqual([[2, "2026-09-02"]]);
    expect(ok<HerdAnimalCard>(await herd().animal(await animalUuid("8")))).toMatchObject({
      status: "heifer",
      attributes: { Масть: "рыжая" },
    });

    const before = await herdTableCounts(db());
    const again = ok<HerdUploadCreated>(await api().upload(file, "animals"), 201);
    expect(again.preview).toMatchObject(counts({ rows: 2, animals_unchanged: 2 }));
    ok(await api().commit(again.upload_uuid));
    expect(await herdTableCounts(db())).toEqual(before);
  });

  it("imports events from an XLSX: Excel date cells, Russian names and unknown codes; a re-import adds nothing", async () => {
    const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
    const file = await xlsxOf([
      ["Номер", "Бирка", "Дата рождения", "Событие", "Дата события", "Примечание"],
      [7, "RU007", day("2020-05-01"), "Отёл", day("2026-09-02"), null],
      [7, "RU007", day("2020-05-01"), "осеменение", day("2026-10-20"), "Бонд 1234"],
      [7, "RU007", day("2020-05-01"), "Vacc", "25.10.2026", null],
    ]);
    const created = ok<HerdUploadCreated>(await api().upload(file, "events", "события.xlsx"), 201);
    expect(created.spreadsheet).toMatchObject({ file_type: "xlsx", missing: [] });
    expect(created.preview).toMatchObject(counts({ rows: 3, animals_new: 1, events_new: 3 }));
    ok(await api().commit(created.upload_uuid));

    const events = ok<HerdEventsPage>(await herd().events());
    expect(events.items.map((e) => [e.date, e.code, e.name, e.remark])).toEqual([
      ["2026-10-25", "VACC", "VACC", ""],
      ["2026-10-20", "BRED", "Осеменение", "Бонд 1234"],
      ["2026-09-02", "FRESH", "Отёл", ""],
    ]);

    const before = await herdTableCounts(db());
    const again = ok<HerdUploadCreated>(await api().upload(file, "events", "события.xlsx"), 201);
    expect(again.preview).toMatchObject(counts({ rows: 3, animals_unchanged: 1, events_unchanged: 3 }));
    ok(await api().commit(again.upload_uuid));
    expect(await herdTableCounts(db())).toEqual(before);
  });

  it("refuses rows with a bad date or number by line, and commits the others", async () => {
    await seedAnimals(csv("Номер;Бирка", "1;E1", "2;E2", "3;E3", "4;E4"));
    const file = Buffer.from(
      csv(
        "Номер;Бирка;Дата контрольной дойки;Удой",
        "1;E1;10.11.2026;30",
        "2;E2;31.11.2026;30",
        "3;E3;10.11.2026;3O",
        "4;E4;10.11.2026;31,5",
      ),
    );
    const created = ok<HerdUploadCreated>(await api().upload(file, "test_days"), 201);
    expect(created.preview).toMatchObject({
      ...counts({ rows: 4, rows_refused: 2, animals_unchanged: 2, test_days_new: 2 }),
      errors: [
        {
          line: 3,
          message: "Строка 3: неверная дата «31.11.2026» в столбце «Дата контрольной дойки» — нужна ДД.ММ.ГГГГ",
        },
        { line: 4, message: "Строка 4: в столбце «Удой» ожидается число (например, 38,5), а стоит «3O»" },
      ],
    });
    ok(await api().commit(created.upload_uuid));
    expect(await herdTableCounts(db())).toMatchObject({ animals: 4, test_days: 2, staged: 0 });
  });

  it("gives test days the lactation the cow was in on the test day and DIM from its fresh date", async () => {
    // Cow 101: lactation 1 fresh 01.08.2025, lactation 2 fresh 06.09.2026; heifer 102 has none.
    await seedAnimals(
      csv(
        "Номер;Бирка;Дата рождения;Лактация;Дата отёла",
        "101;RU101;15.03.2021;1;01.08.2025",
        "101;RU101;15.03.2021;2;06.09.2026",
        "102;RU102;02.04.2022;0;",
      ),
    );
    const file = csv(
      "Номер;Бирка;Дата контрольной дойки;Удой",
      "101;RU101;10.06.2026;25",
      "101;RU101;15.10.2026;40",
      "102;RU102;10.11.2026;20",
    );
    ok(await api().commit(ok<HerdUploadCreated>(await api().upload(Buffer.from(file), "test_days"), 201).upload_uuid));
    // A file giving «Лактация» keeps it; DIM still from that lactation's fresh date.
    const withLact = csv("Номер;Бирка;Дата контрольной дойки;Лактация;Удой", "101;RU101;20.10.2026;2;39");
    ok(
      await api().commit(
        ok<HerdUploadCreated>(await api().upload(Buffer.from(withLact), "test_days"), 201).upload_uuid,
      ),
    );

    const tests = async (barn: string) =>
      ok<HerdAnimalCard>(await herd().animal(await animalUuid(barn))).test_days.map((d) => [d.date, d.lact, d.dim]);
    // 10.06.2026 − 01.08.2025 = 365 − 52 = 313; 15.10.2026 − 06.09.2026 = 24 + 15 = 39; 20.10 → 44.
    expect(await tests("101")).toEqual([
      ["2026-06-10", 1, 313],
      ["2026-10-15", 2, 39],
      ["2026-10-20", 2, 44],
    ]);
    expect(await tests("102")).toEqual([["2026-11-10", 0, null]]);
  });

  it("refuses test days of an animal the herd does not have, and never adds the animal", async () => {
    await seedAnimals();
    // 101 with another birth date is another animal; 999 is not in the herd at all.
    const file = csv(
      "Номер;Дата рождения;Дата контрольной дойки;Удой",
      "101;15.03.2021;10.11.2026;30",
      "101;01.01.2016;10.11.2026;31",
      "999;;10.11.2026;32",
    );
    const noTag = csv("Номер;Бирка;Дата контрольной дойки;Удой", "555;RU555;10.11.2026;33");
    const created = ok<HerdUploadCreated>(await api().upload(Buffer.from(file), "test_days"), 201);
    expect(created.preview).toMatchObject({
      ...counts({ rows: 3, rows_refused: 2, animals_unchanged: 1, test_days_new: 1 }),
      errors: [
        {
          line: 3,
          message:
            "Строка 3: животное 101 (дата рождения 01.01.2016) не найдено в стаде: загрузите сначала животных (таблица «Животные» или файл DC305).",
        },
        { line: 4, message: expect.stringContaining("нет ни бирки, ни даты рождения") },
      ],
    });
    expect(ok(await api().commit(created.upload_uuid))).toMatchObject(
      counts({ rows: 3, rows_refused: 2, animals_unchanged: 1, test_days_new: 1 }),
    );
    const tagged = ok<HerdUploadCreated>(await api().upload(Buffer.from(noTag), "test_days"), 201);
    expect(tagged.preview).toMatchObject({
      ...counts({ rows: 1, rows_refused: 1 }),
      errors: [{ line: 2, message: expect.stringContaining("животное 555 (бирка RU555) не найдено в стаде") }],
    });
    expect(await herdTableCounts(db())).toMatchObject({ animals: 2, test_days: 1 });
  });

  it("refuses an empty file, a header without rows and a corrupt XLSX: nothing changes, each upload is recorded", async () => {
    const refusals: [Buffer, string][] = [
      [Buffer.alloc(0), "Файл пуст: в таблице нет ни одной строки."],
      [Buffer.from("Номер;Бирка;Дата рождения\r\n;;\r\n"), "В таблице только строка заголовка"],
      [
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(300, 1)]),
        "Файл XLSX повреждён или это не книга Excel",
      ],
    ];
    for (const [bytes, message] of refusals) {
      const res = await api().upload(bytes, "animals");
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect(await herdTableCounts(db())).toMatchObject({ animals: 0, staged: 0 });
    const records = await queryRows<{ status: string; format: string; file_key: string | null }>(
      db(),
      sql`select status, format, file_key from herd_uploads order by id`,
    );
    expect(records).toEqual(Array(3).fill({ status: "failed", format: "spreadsheet", file_key: null }));
  });

  it("wants the table's kind, and no DC305 flag", async () => {
    const res = await api().upload(Buffer.from(TEST_DAYS), undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: "validation_error",
      message: "Выберите, что в таблице: животные, события или контрольные дойки.",
    });
    await setDc305(db(), w.zoo.id, false);
    const staged = ok<HerdUploadCreated>(await api().upload(Buffer.from(TEST_DAYS), "test_days"), 201);
    ok(await api().commit(staged.upload_uuid));
  });

  it("is 403 to a viewer (role 6) and a client (role 7), 404 to another company's user", async () => {
    const client = await seedUser(db(), {
      username: "client",
      email: "client@example.com",
      roles: [7],
      companyIds: [w.zarya.company.id],
    });
    await db().insert(userDatabaseAccess).values({ userId: client.id, databaseId: w.herd.id });
    const callers = [w.viewer.token, await accessTokenFor(t, client.id), w.other.token];
    const statuses = [];
    for (const token of callers) {
      statuses.push((await sheetApi(t, token, w.herd.uuid).upload(Buffer.from(TEST_DAYS), "test_days")).statusCode);
    }
    expect(statuses).toEqual([403, 403, 404]);
    expect(await herdTableCounts(db())).toMatchObject({ staged: 0 });
  });
});

describe("mapping", () => {
  const EVENTS = csv("Номер;Бирка;Что;Когда", "7;RU007;BRED;20.10.2026", "7;RU007;PREG;20.11.2026");

  it("waits for required columns: the commit is 400 until a remap maps them; the mapping is then remembered", async () => {
    const created = ok<HerdUploadCreated>(await api().upload(Buffer.from(EVENTS), "events"), 201);
    expect(created.spreadsheet).toMatchObject({
      mapping_source: "guessed",
      missing: ["Событие", "Дата события"],
      columns: [
        { column: "Номер", field: "barn_number", sample: "7" },
        { column: "Бирка", field: "ear_tag", sample: "RU007" },
        { column: "Что", field: null, sample: "BRED" },
        { column: "Когда", field: null, sample: "20.10.2026" },
      ],
    });
    expect(created.preview).toMatchObject(counts({ rows: 2, animals_new: 1 }));
    const refused = await api().commit(created.upload_uuid);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: "validation_error",
      message: "Укажите столбцы для полей: Событие, Дата события.",
    });

    const mapping = { Номер: "barn_number", Бирка: "ear_tag", Что: "event_code", Когда: "event_date" };
    const remapped = ok<HerdUploadCreated>(await api().remap(created.upload_uuid, mapping));
    expect(remapped.upload_uuid).toBe(created.upload_uuid);
    expect(remapped.preview).toMatchObject(counts({ rows: 2, animals_new: 1, events_new: 2 }));
    expect(remapped.spreadsheet).toMatchObject({ mapping_source: "given", missing: [] });
    expect(await herdTableCounts(db())).toMatchObject({ staged: 2 });
    ok(await api().commit(created.upload_uuid));
    expect(await herdTableCounts(db())).toMatchObject({ animals: 1, events: 2, staged: 0 });

    // The next events table: the remembered columns as remembered, a new one guessed.
    const next = Buffer.from(csv("Бирка;Что;Когда;Номер;Примечание", "RU007;DRY;01.12.2026;7;сухостой"));
    const second = ok<HerdUploadCreated>(await api().upload(next, "events"), 201);
    expect(second.spreadsheet).toMatchObject({ mapping_source: "remembered", missing: [] });
    expect(second.spreadsheet?.columns.map((c) => c.field)).toEqual([
      "ear_tag",
      "event_code",
      "event_date",
      "barn_number",
      "remark",
    ]);
    expect(second.preview).toMatchObject(counts({ rows: 1, animals_unchanged: 1, events_new: 1 }));
  });

  it("refuses a mapping naming a column the file lacks, an unknown field or a field twice", async () => {
    const created = ok<HerdUploadCreated>(await api().upload(Buffer.from(EVENTS), "events"), 201);
    const cases: [Record<string, string | null>, string][] = [
      [{ Кличка: "barn_number" }, "Столбца «Кличка» нет в файле."],
      [{ Что: "milk_kg" }, "Поля «milk_kg» нет среди полей этой таблицы."],
      [{ Что: "event_date", Когда: "event_date" }, "Поле «Дата события» указано для двух столбцов: «Что» и «Когда»."],
    ];
    for (const [mapping, message] of cases) {
      const res = await api().remap(created.upload_uuid, mapping);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "validation_error", message });
    }
    // Nothing changed: still staged with its rows.
    const [record] = await queryRows<{ status: string }>(db(), sql`select status from herd_uploads`);
    expect(record?.status).toBe("staged");
    expect(await herdTableCounts(db())).toMatchObject({ staged: 2 });
  });

  it("remaps only a staged spreadsheet whose file is kept: 400 for DC305, 409 once committed or its file deleted, 404 to another company", async () => {
    const dc305 = await t.request({
      method: "POST",
      url: `/api/herd/${w.herd.uuid}/uploads/`,
      token: w.zoo.token,
      query: { format: "dc305", name: "events.csv" },
      headers: { "content-type": "text/csv" },
      payload: '"ID","BDAT","LACT","Event","DIM","Date",\n33,10/23/20,3,BRED,60,03/01/24,\n',
    });
    const dc305Uuid = ok<HerdUploadCreated>(dc305, 201).upload_uuid;
    expect((await api().remap(dc305Uuid, {})).json()).toEqual({
      code: "validation_error",
      message: "Столбцы сопоставляются только в таблицах: файл DC305 читается по своему заголовку.",
    });

    const mapping = { Номер: "barn_number", Бирка: "ear_tag", Что: "event_code", Когда: "event_date" };
    const a = ok<HerdUploadCreated>(await api().upload(Buffer.from(EVENTS), "events"), 201);
    expect((await sheetApi(t, w.other.token, w.herd.uuid).remap(a.upload_uuid, mapping)).statusCode).toBe(404);
    expect((await sheetApi(t, w.viewer.token, w.herd.uuid).remap(a.upload_uuid, mapping)).statusCode).toBe(403);
    ok(await api().remap(a.upload_uuid, mapping));
    ok(await api().commit(a.upload_uuid));
    const committed = await api().remap(a.upload_uuid, mapping);
    expect(committed.statusCode).toBe(409);

    const b = ok<HerdUploadCreated>(await api().upload(Buffer.from(EVENTS), "events"), 201);
    await db().execute(sql`update herd_uploads set file_key = null where uuid = ${b.upload_uuid}`);
    expect((await api().remap(b.upload_uuid, mapping)).json()).toEqual({
      code: "conflict",
      message: "Файл загрузки удалён: загрузите его снова.",
    });
  });

  it("checks a kept spreadsheet again from the files page: its kind, with the columns mapped as it was last checked", async () => {
    const mapping = { Номер: "barn_number", Бирка: "ear_tag", Что: "event_code", Когда: "event_date" };
    const first = ok<HerdUploadCreated>(await api().upload(Buffer.from(EVENTS), "events", "события.csv"), 201);
    ok(await api().remap(first.upload_uuid, mapping));
    ok(await api().commit(first.upload_uuid));
    const rerun = await t.request({
      method: "POST",
      url: `/api/herd/files/${first.upload_uuid}/rerun/`,
      token: w.zoo.token,
    });
    const again = ok<HerdUploadCreated>(rerun, 201);
    expect(again).toMatchObject({ format: "spreadsheet", kind: "events" });
    expect(again.upload_uuid).not.toBe(first.upload_uuid);
    // Everything the first commit wrote is there already.
    expect(again.preview).toMatchObject({ rows: 2, events_new: 0, events_unchanged: 2, errors: [] });
    ok(await api().commit(again.upload_uuid));
  });

  it("keeps the whole XLSX, though only its first sheet is read, and reads it again on a remap", async () => {
    const many = Array.from({ length: 3000 }, (_, i) => [`другой ${i}`, i]);
    const file = await xlsxOf(
      [
        ["Номер", "Бирка", "Что", "Когда"],
        [7, "RU007", "BRED", "20.10.2026"],
      ],
      many,
    );
    const created = ok<HerdUploadCreated>(await api().upload(file, "events", "события.xlsx"), 201);
    const [row] = await queryRows<{ file_key: string }>(db(), sql`select file_key from herd_uploads`);
    expect((await readFile(join(t.config.DATA_DIR, row?.file_key ?? ""))).equals(file)).toBe(true);
    const mapping = { Номер: "barn_number", Бирка: "ear_tag", Что: "event_code", Когда: "event_date" };
    const remapped = ok<HerdUploadCreated>(await api().remap(created.upload_uuid, mapping));
    expect(remapped.preview).toMatchObject(counts({ rows: 1, animals_new: 1, events_new: 1 }));
  });

  it("leaves a clearly failed upload when the kept file is gone from the disk", async () => {
    const created = ok<HerdUploadCreated>(await api().upload(Buffer.from(EVENTS), "events"), 201);
    const [row] = await queryRows<{ file_key: string }>(
      db(),
      sql`select file_key from herd_uploads where uuid = ${created.upload_uuid}`,
    );
    await rm(join(t.config.DATA_DIR, row?.file_key ?? ""));
    const res = await api().remap(created.upload_uuid, { Что: "event_code", Когда: "event_date" });
    expect(res.statusCode).toBe(409);
    const [record] = await queryRows<{ status: string; errors: { message: string }[] }>(
      db(),
      sql`select status, errors from herd_uploads where uuid = ${created.upload_uuid}`,
    );
    expect(record).toEqual({
      status: "failed",
      errors: [{ line: 0, message: "Файл загрузки удалён: загрузите его снова." }],
    });
    expect(await herdTableCounts(db())).toMatchObject({ staged: 0 });
    expect((await api().commit(created.upload_uuid)).statusCode).toBe(409);
  });
});

describe("my uploads", () => {
  it("lists the caller's own uploads into databases they read, newest first, by format", async () => {
    await seedAnimals();
    const sheet = ok<HerdUploadCreated>(await api().upload(Buffer.from(TEST_DAYS), "test_days", "дойки.csv"), 201);
    await api().upload(Buffer.alloc(0), "animals", "пусто.csv");
    await sheetApi(t, w.viewer.token, w.herd.uuid).upload(Buffer.from(TEST_DAYS), "test_days");
    ok(await api().commit(sheet.upload_uuid));

    const mine = ok<HerdMyUpload[]>(await api().mine());
    expect(mine.map((u) => [u.file_name, u.format, u.kind, u.status])).toEqual([
      ["пусто.csv", "spreadsheet", null, "failed"],
      ["дойки.csv", "spreadsheet", "test_days", "committed"],
      ["таблица.csv", "spreadsheet", "animals", "committed"],
    ]);
    expect(mine[1]).toMatchObject({ database: { uuid: w.herd.uuid, name: "Стадо" }, counts: { test_days_new: 3 } });
    // Each with its first refused lines and why: the empty file's refusal, none for the good one.
    expect(mine.map((u) => u.errors)).toEqual([[{ line: 0, message: expect.stringMatching(/^Файл пуст/) }], [], []]);
    expect(ok<HerdUploadRecord[]>(await api().mine({ format: "dc305" }))).toEqual([]);
    expect(ok<HerdUploadRecord[]>(await api().mine({ format: "spreadsheet" }))).toHaveLength(3);
    expect(ok<HerdUploadRecord[]>(await sheetApi(t, w.other.token, w.herd.uuid).mine())).toEqual([]);

    // A database taken away (made inactive) takes its uploads out of the list.
    await db().execute(sql`update user_databases set active = false where id = ${w.herd.id}`);
    expect(ok<HerdUploadRecord[]>(await api().mine())).toEqual([]);
  });
});
