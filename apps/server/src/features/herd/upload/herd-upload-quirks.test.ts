import { HERD_UPLOAD_ERRORS_MAX, type HerdUploadCreated } from "@nadoy/contract/herd";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { queryRows } from "../../../db/client.ts";
import { REFUSE_EMPTY } from "../dc305/dc305-parser.ts";
import { REFUSE_EGRAPH } from "../dc305/header.ts";
import { dcHeader, dcLine, EVENTS_HEADER, eventLine, left, right } from "../dc305/test-fixtures.ts";
import { ok } from "../herd.test-kit.ts";
import { animalsOf, counts, eventsOf, herdTableCounts, seedUploadWorld, uploadApi } from "./herd-upload.test-kit.ts";

// One test per quirk of real DC305 files (samples/README.md) through the API: upload, the preview's
// counts (stated by hand), commit, and what the herd holds then. Files are written here.

let t: TestApp;
let w: Awaited<ReturnType<typeof seedUploadWorld>>;
let api: ReturnType<typeof uploadApi>;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  w = await seedUploadWorld(t);
  api = uploadApi(t, w.zoo.token, w.herd.uuid);
});

const HEADER = EVENTS_HEADER;
const ev = eventLine;

const file = (...lines: string[]) => `${lines.join("\n")}\n`;

/** Uploads `text`, checks the preview's counts, commits, and answers the preview. */
async function uploadAndCommit(text: string | Buffer, expected: Parameters<typeof counts>[0]) {
  const created = ok<HerdUploadCreated>(await api.upload(text), 201);
  expect(created.preview).toMatchObject(counts(expected));
  const committed = ok<Record<string, unknown>>(await api.commit(created.upload_uuid));
  expect(committed).toMatchObject(counts(expected));
  return created;
}

const db = () => t.database.db;
const eventDims = async () =>
  (await queryRows<{ dim: number | null }>(db(), sql`select dim from herd_events order by event_date`)).map(
    (r) => r.dim,
  );

describe("DC305 quirks, uploaded and committed", () => {
  it("trims right-aligned, space-padded values", async () => {
    await uploadAndCommit(file(HEADER, ev("3268", "03/17/15", "6", "LAME", "252", "11/05/18", "F.BL", "FOOTROT")), {
      rows: 1,
      animals_new: 1,
      events_new: 1,
    });
    expect(await animalsOf(db(), w.herd.id)).toMatchObject([
      { barn_number: "3268", birth_date: "2015-03-17", lact: 6 },
    ]);
    expect(await eventsOf(db(), w.herd.id)).toEqual(["3268 2018-11-05 LAME F.BL|FOOTROT|"]);
  });

  it("reads lines with and without the trailing comma", async () => {
    const bare = "7,01/02/15,2,H,DRY,300,03/04/20,,,Nico";
    await uploadAndCommit(file(HEADER, ev("1", "01/02/15", "2", "DRY", "300", "03/04/20"), bare), {
      rows: 2,
      animals_new: 2,
      events_new: 2,
    });
    expect(await eventsOf(db(), w.herd.id)).toEqual(["1 2020-03-04 DRY ||", "7 2020-03-04 DRY ||Nico"]);
  });

  it("refuses a line whose birth date is 00000000 (no ear tag either): the number may be another cow's", async () => {
    const created = await uploadAndCommit(
      file(
        HEADER,
        ev("6", "00000000 ", "3", "LAME", "164", "04/08/19"),
        ev("6", "10/26/16", "4", "LAME", "56", "04/23/20"),
      ),
      { rows: 2, rows_refused: 1, animals_new: 1, events_new: 1 },
    );
    expect(created.preview.errors).toEqual([
      {
        line: 2,
        message: "Строка 2: животное 6 — нет ни бирки, ни даты рождения — номер мог принадлежать другому животному.",
      },
    ]);
    expect(await animalsOf(db(), w.herd.id)).toMatchObject([{ barn_number: "6", birth_date: "2016-10-26" }]);
    expect(await eventsOf(db(), w.herd.id)).toEqual(["6 2020-04-23 LAME ||"]);
  });

  it("joins an unquoted comma in the remark back into Remark", async () => {
    await uploadAndCommit(file(HEADER, ev("82374", "10/11/15", "2", "LAME", "67", "11/12/18", "U.BL,BR", "UPPERLEG")), {
      rows: 1,
      animals_new: 1,
      events_new: 1,
    });
    expect(await eventsOf(db(), w.herd.id)).toEqual(["82374 2018-11-12 LAME U.BL,BR|UPPERLEG|"]);
  });

  it("maps columns by name whatever their order, and reads a file that lacks some", async () => {
    const header = dcHeader("Date", "Event", "LACT", "ID", "BDAT");
    const created = await uploadAndCommit(
      file(header, dcLine("11/05/18", left("LAME", 11), right(6, 3), right(3268, 9), "03/17/11")),
      { rows: 1, animals_new: 1, events_new: 1 },
    );
    expect(created.preview.items.mapped.map((m) => m.item)).toEqual(["Date", "Event", "LACT", "ID", "BDAT"]);
    expect(await animalsOf(db(), w.herd.id)).toMatchObject([
      { barn_number: "3268", birth_date: "2011-03-17", lact: 6 },
    ]);
    expect(await eventsOf(db(), w.herd.id)).toEqual(["3268 2018-11-05 LAME ||"]);
  });

  it("reads CRLF line ends, numbering a bad line as the file has it", async () => {
    const a = ev("1", "01/02/15", "2", "DRY", "300", "03/04/20");
    const b = ev("2", "01/02/16", "1", "SOLD", "10", "03/05/20", "FEET");
    const created = await uploadAndCommit(`${HEADER}\r\n${a}\r\n1,01/02/15\r\n${b}\r\n`, {
      rows: 3,
      rows_refused: 1,
      animals_new: 2,
      events_new: 2,
    });
    expect(created.preview.errors).toEqual([
      { line: 3, message: "Строка 3: не хватает полей — 2 из 10; строка обрезана?" },
    ]);
    expect(await eventsOf(db(), w.herd.id)).toEqual(["1 2020-03-04 DRY ||", "2 2020-03-05 SOLD FEET||"]);
  });

  it("reads NA as missing", async () => {
    await uploadAndCommit(file(HEADER, ev("5", "02/02/18", "2", "CHECK", "NA", "05/05/21")), {
      rows: 1,
      animals_new: 1,
      events_new: 1,
    });
    expect(await eventDims()).toEqual([null]);
  });

  it("keeps a negative DIM", async () => {
    await uploadAndCommit(file(HEADER, ev("5", "02/02/18", "2", "VACC", "-12", "05/05/21")), {
      rows: 1,
      animals_new: 1,
      events_new: 1,
    });
    expect(await eventDims()).toEqual([-12]);
  });

  it("makes heifers of LACT 0 rows, their DIM (age) kept on the event", async () => {
    await uploadAndCommit(file(HEADER, ev("900", "01/10/23", "0", "BRED", "420", "03/05/24", "7HO1")), {
      rows: 1,
      animals_new: 1,
      events_new: 1,
    });
    expect(await animalsOf(db(), w.herd.id)).toMatchObject([{ barn_number: "900", lact: 0, status: "heifer" }]);
    expect(await eventDims()).toEqual([420]);
    expect(await herdTableCounts(db())).toMatchObject({ lactations: 0 });
  });

  it("counts exact duplicate lines once, and writes the event once; the repeats are counted apart", async () => {
    const line = ev("1", "01/02/15", "2", "DRY", "300", "03/04/20");
    const other = ev("1", "01/02/15", "2", "DRY", "300", "03/04/20", "LATE");
    // 3 rows = 2 new events + 1 repeated line.
    await uploadAndCommit(file(HEADER, line, line, other), {
      rows: 3,
      animals_new: 1,
      events_new: 2,
      rows_repeated: 1,
    });
    expect(await eventsOf(db(), w.herd.id)).toEqual(["1 2020-03-04 DRY ||", "1 2020-03-04 DRY LATE||"]);
    // Again, with one more line: the repeated event is still one, and only the new line's is new.
    const later = ev("1", "01/02/15", "2", "FRESH", "0", "05/06/20");
    await uploadAndCommit(file(HEADER, line, line, other, later), {
      rows: 4,
      animals_unchanged: 1,
      events_new: 1,
      events_unchanged: 2,
      rows_repeated: 1,
    });
    expect(await eventsOf(db(), w.herd.id)).toHaveLength(3);
  });

  it("takes an animal's items from its newest event's line, whatever the lines' order", async () => {
    // A file sorted by event, not by date: the cow's pen is the one of her latest event (line 3),
    // not the last line's.
    const header = dcHeader("ID", "PEN", "BDAT", "LACT", "Event", "DIM", "Date");
    await uploadAndCommit(
      file(
        header,
        dcLine("7", "2", "01/02/19", "3", "BRED", "80", "02/01/24"),
        dcLine("7", "4", "01/02/19", "3", "DRY", "300", "09/10/24"),
        dcLine("7", "6", "01/02/19", "3", "FRESH", "0", "11/20/23"),
      ),
      { rows: 3, animals_new: 1, events_new: 3 },
    );
    expect(await animalsOf(db(), w.herd.id)).toMatchObject([{ barn_number: "7", pen: "4", lact: 3 }]);
  });

  it("tells a reused barn number apart by the birth date: two animals", async () => {
    await uploadAndCommit(
      file(
        HEADER,
        ev("33", "05/05/15", "3", "SOLD", "200", "02/01/20"),
        ev("33", "03/03/21", "1", "FRESH", "0", "04/04/23"),
      ),
      { rows: 2, animals_new: 2, events_new: 2 },
    );
    expect(await animalsOf(db(), w.herd.id)).toMatchObject([
      { barn_number: "33", birth_date: "2015-05-05", status: "sold", exit_date: "2020-02-01" },
      { barn_number: "33", birth_date: "2021-03-03", status: "milking", fresh_date: "2023-04-04" },
    ]);
  });
});

describe("merge rules", () => {
  it("derives status and lactations: fresh, dry, sold, died, heifer, a late abort", async () => {
    await uploadAndCommit(
      file(
        HEADER,
        ev("1", "01/01/18", "2", "FRESH", "0", "01/10/24"),
        ev("1", "01/01/18", "2", "DRY", "300", "11/05/24"),
        ev("2", "01/01/19", "1", "FRESH", "0", "02/10/24"),
        ev("3", "01/01/17", "3", "SOLD", "100", "03/01/24", "FEET"),
        ev("4", "01/01/17", "2", "DIED", "50", "03/02/24"),
        ev("5", "01/01/23", "0", "BRED", "400", "03/03/24"),
        ev("6", "01/01/20", "2", "ABORT", "0", "06/06/24"),
      ),
      { rows: 7, animals_new: 6, events_new: 7 },
    );
    expect(
      (await animalsOf(db(), w.herd.id)).map((a) => [a.barn_number, a.status, a.lact, a.fresh_date, a.dry_date]),
    ).toEqual([
      ["1", "dry", 2, "2024-01-10", "2024-11-05"],
      ["2", "milking", 1, "2024-02-10", null],
      ["3", "sold", 3, null, null],
      ["4", "died", 2, null, null],
      ["5", "heifer", 0, null, null],
      ["6", "milking", 2, "2024-06-06", null],
    ]);
    const lactations = await queryRows<{ barn: string; lact: number; fresh: string; dry: string | null }>(
      db(),
      sql`select a.barn_number as barn, l.lact, l.fresh_date::text as fresh, l.dry_date::text as dry
          from herd_lactations l join herd_animals a on a.id = l.animal_id order by a.barn_number`,
    );
    expect(lactations).toEqual([
      { barn: "1", lact: 2, fresh: "2024-01-10", dry: "2024-11-05" },
      { barn: "2", lact: 1, fresh: "2024-02-10", dry: null },
      { barn: "6", lact: 2, fresh: "2024-06-06", dry: null },
    ]);
  });

  it("reads an item list: pens, RC, test days, attributes; a second file changes one animal", async () => {
    const header = dcHeader("ID", "EID", "BDAT", "PEN", "LACT", "RC", "FDAT", "DDAT", "TDAT", "MILK", "SCC", "DCC");
    const cow = (pen: number, dcc: number) =>
      dcLine(
        right(120, 6),
        "840003123456789",
        "02/02/20",
        right(pen, 3),
        right(2, 3),
        right(5, 2),
        "06/01/24",
        "00000000",
        "07/10/24",
        right("38.5", 6),
        right(145, 5),
        right(dcc, 4),
      );
    const heifer = dcLine(
      right(7000, 6),
      "",
      "09/09/23",
      right(9, 3),
      right(0, 3),
      right(0, 2),
      "00000000",
      "00000000",
      "",
      "",
      "",
      "",
    );
    const first = ok<HerdUploadCreated>(await api.upload(file(header, cow(4, 40), heifer)), 201);
    expect(first.kind).toBe("items");
    expect(first.preview.items.kept).toEqual(["DCC"]);
    expect(first.preview).toMatchObject(counts({ rows: 2, animals_new: 2, test_days_new: 1 }));
    ok(await api.commit(first.upload_uuid));
    expect(await animalsOf(db(), w.herd.id)).toMatchObject([
      { barn_number: "120", ear_tag: "840003123456789", pen: "4", rc: 5, lact: 2, status: "milking" },
      { barn_number: "7000", ear_tag: null, pen: "9", lact: 0, status: "heifer" },
    ]);
    expect(await herdTableCounts(db())).toMatchObject({ test_days: 1, pens: 2, lactations: 1 });

    // The cow moved to pen 5; the heifer is as she was; the test day is the same.
    const second = await uploadAndCommit(file(header, cow(5, 41), heifer), {
      rows: 2,
      animals_changed: 1,
      animals_unchanged: 1,
      test_days_unchanged: 1,
    });
    expect(second.kind).toBe("items");
    const [row] = await queryRows<{ pen: string; dcc: string }>(
      db(),
      sql`select pen, attributes->>'DCC' as dcc from herd_animals where barn_number = '120'`,
    );
    expect(row).toEqual({ pen: "5", dcc: "41" });
    expect(await herdTableCounts(db())).toMatchObject({ animals: 2, test_days: 1, pens: 3 });
  });

  it("adds nothing when the same file comes again: all unchanged", async () => {
    const text = file(
      HEADER,
      ev("1", "01/01/18", "2", "FRESH", "0", "01/10/24"),
      ev("2", "01/01/19", "1", "BRED", "60", "04/10/24", "7HO1"),
    );
    await uploadAndCommit(text, { rows: 2, animals_new: 2, events_new: 2 });
    const before = await herdTableCounts(db());
    await uploadAndCommit(text, { rows: 2, animals_unchanged: 2, events_unchanged: 2 });
    expect(await herdTableCounts(db())).toEqual(before);
  });
});

describe("malformed files", () => {
  const good = ev("1", "01/01/18", "2", "FRESH", "0", "01/10/24");
  const cases: [string, string | Buffer, string][] = [
    ["a line cut short", file(HEADER, "1,01/01/18,2"), "Строка 2: не хватает полей — 3 из 10; строка обрезана?"],
    [
      "a wrong number of columns (no Remark to take surplus values)",
      file(dcHeader("ID", "BDAT", "Event", "Date"), "1,01/01/18,DRY,01/10/24,X,Y,"),
      "Строка 2: лишние поля (2): «X,Y» — в значениях запятые, а столбца Remark нет",
    ],
    [
      "a date that does not exist",
      file(HEADER, ev("1", "13/45/20", "2", "DRY", "3", "01/10/24")),
      "Строка 2: неверная дата «13/45/20» в столбце BDAT",
    ],
    [
      "bytes neither UTF-8 nor Windows-1252",
      Buffer.concat([
        Buffer.from(`${HEADER}\n`),
        Buffer.from(`${ev("1", "01/01/18", "2", "DRY", "3", "01/10/24", "ab\x81")}\n`, "latin1"),
      ]),
      "Строка 2: нечитаемые символы — сохраните файл в UTF-8 или Windows-1252",
    ],
  ];

  it.each(cases)("%s: a Russian error with its line number; the herd stays as it was", async (_name, text, message) => {
    await uploadAndCommit(file(HEADER, good), { rows: 1, animals_new: 1, events_new: 1 });
    const before = await herdTableCounts(db());
    expect(before).toMatchObject({ animals: 1, events: 1, lactations: 1, staged: 0 });
    const created = ok<HerdUploadCreated>(await api.upload(text), 201);
    expect(created.preview).toMatchObject(counts({ rows: 1, rows_refused: 1 }));
    expect(created.preview.errors).toEqual([{ line: 2, message }]);
    ok(await api.commit(created.upload_uuid));
    expect(await herdTableCounts(db())).toEqual(before);
  });

  it(`returns the first ${HERD_UPLOAD_ERRORS_MAX} row errors and counts them all`, async () => {
    const cut = Array.from({ length: HERD_UPLOAD_ERRORS_MAX + 5 }, () => "1,01/01/18,2");
    const created = ok<HerdUploadCreated>(await api.upload(file(HEADER, ...cut, good)), 201);
    expect(created.preview).toMatchObject(
      counts({
        rows: HERD_UPLOAD_ERRORS_MAX + 6,
        rows_refused: HERD_UPLOAD_ERRORS_MAX + 5,
        animals_new: 1,
        events_new: 1,
      }),
    );
    expect(created.preview.errors).toHaveLength(HERD_UPLOAD_ERRORS_MAX);
    expect(created.preview.errors[0]?.line).toBe(2);
    expect(created.preview.errors.at(-1)?.line).toBe(HERD_UPLOAD_ERRORS_MAX + 1);
  });

  it.each([
    ["an EGRAPH file", '"Dates","LAME","FOOTRIM","68% CI",\nJan19,3,4,1-5,\n', REFUSE_EGRAPH],
    ["an empty file", "", REFUSE_EMPTY],
  ])("refuses %s whole (400, recorded as failed) and stages nothing", async (_name, text, message) => {
    const res = await api.upload(text, "graph.csv");
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ code: "validation_error", message });
    expect(await herdTableCounts(db())).toMatchObject({ animals: 0, events: 0, staged: 0 });
    const [record] = await queryRows<{ status: string; errors: unknown; file_key: string | null }>(
      db(),
      sql`select status, errors, file_key from herd_uploads`,
    );
    expect(record).toMatchObject({ status: "failed", file_key: null });
    expect(JSON.stringify(record?.errors)).toContain(message.slice(0, 20));
  });
});
