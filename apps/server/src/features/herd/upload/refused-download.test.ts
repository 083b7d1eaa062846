import { rm } from "node:fs/promises";
import { join } from "node:path";
import { HERD_UPLOAD_ERRORS_MAX, type HerdUploadCreated } from "@nadoy/contract/herd";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { queryRows } from "../../../db/client.ts";
import { userDatabaseAccess } from "../../../db/schema/index.ts";
import { seedUser } from "../../../db/seed/users.ts";
import { EVENTS_HEADER, eventLine } from "../dc305/test-fixtures.ts";
import { ok } from "../herd.test-kit.ts";
import { sheetApi } from "../spreadsheet/spreadsheet.test-kit.ts";
import { seedUploadWorld, setDc305, uploadApi } from "./herd-upload.test-kit.ts";
import { REFUSED_NOT_KEPT } from "./refused-file.ts";
import { REFUSED_PAGE_ROWS } from "./refused-rows.ts";

// Every refused row of an upload as a file (contract herd.ts downloadHerdUploadRefused): the
// line, the reason, the file's text of it; staged and after the commit; CSV and XLSX; who may.

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

const file = (...lines: string[]) => `${lines.join("\n")}\n`;
const GOOD = eventLine("3268", "03/17/15", "2", "FRESH", "0", "01/10/24");
const CUT = "1,01/02/15";
const NO_BIRTH = eventLine("6", "00000000 ", "3", "LAME", "164", "04/08/19");
const FORMULA = "=1+2,01/02/15";
// Lines 2–5: a good one, one cut short, one without identity, one that starts like a formula.
const TEXT = file(EVENTS_HEADER, GOOD, CUT, NO_BIRTH, FORMULA);

const CUT_SHORT = "Не хватает полей — 2 из 10; строка обрезана?";
const NO_IDENTITY = "Животное 6 — нет ни бирки, ни даты рождения — номер мог принадлежать другому животному.";

const refused = (token: string | undefined, uuid: string, format?: "csv" | "xlsx") =>
  t.request({ method: "GET", url: `/api/herd/uploads/${uuid}/refused/`, token, query: format ? { format } : {} });

async function stage(text: string): Promise<HerdUploadCreated> {
  return ok<HerdUploadCreated>(await uploadApi(t, w.zoo.token, w.herd.uuid).upload(text, "события март.csv"), 201);
}

/** The CSV's records as fields (RFC 4180 with «;»; no record of these tests spans lines). */
function csvRecords(res: LightMyRequestResponse): string[][] {
  expect(res.statusCode, res.body).toBe(200);
  const lines = res.body.replace(/^\uFEFF/, "").split("\r\n");
  expect(lines.pop()).toBe("");
  const field = /(?:^|;)(?:"((?:[^"]|"")*)"|([^;"]*))/g;
  return lines.map((line) => [...line.matchAll(field)].map((m) => m[1]?.replaceAll('""', '"') ?? m[2] ?? ""));
}

describe("the refused rows of a DC305 upload", () => {
  it("downloads each refused line with its reason and the file's line, staged and after the commit alike", async () => {
    const created = await stage(TEXT);
    expect(created.preview.rows_refused).toBe(3);

    const staged = await refused(w.zoo.token, created.upload_uuid);
    expect(staged.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(staged.headers["content-disposition"]).toContain(
      `filename*=UTF-8''${encodeURIComponent("события март — отклонённые строки.csv")}`,
    );
    expect(staged.body.startsWith("\uFEFF")).toBe(true);
    expect(csvRecords(staged)).toEqual([
      ["Строка", "Причина", "Строка файла"],
      ["3", CUT_SHORT, CUT],
      ["4", NO_IDENTITY, NO_BIRTH],
      // A text a spreadsheet would run as a formula is written with an apostrophe first.
      ["5", CUT_SHORT, `'${FORMULA}`],
    ]);

    ok(await uploadApi(t, w.zoo.token, w.herd.uuid).commit(created.upload_uuid));
    const committed = await refused(w.zoo.token, created.upload_uuid);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.body).toBe(staged.body);
  });

  it("gives every refused line past the first 200, in order, as XLSX too", async () => {
    const count = REFUSED_PAGE_ROWS + 205;
    const lines = Array.from({ length: count }, (_, i) => `${i + 1},01/02/15`);
    const created = await stage(file(EVENTS_HEADER, GOOD, ...lines));
    expect(created.preview.rows_refused).toBe(count);
    expect(created.preview.errors).toHaveLength(HERD_UPLOAD_ERRORS_MAX);

    const csv = csvRecords(await refused(w.zoo.token, created.upload_uuid, "csv"));
    expect(csv.slice(1).map((row) => Number(row[0]))).toEqual(Array.from({ length: count }, (_, i) => i + 3));
    expect(csv.at(-1)).toEqual([String(count + 2), CUT_SHORT, `${count},01/02/15`]);

    const res = await refused(w.zoo.token, created.upload_uuid, "xlsx");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Отклонённые строки");
    const rows = (sheet?.getSheetValues() ?? []).filter(Boolean).map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(["Строка", "Причина", "Строка файла"]);
    expect(rows[1]).toEqual([3, CUT_SHORT, "1,01/02/15"]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(Array.from({ length: count }, (_, i) => i + 3));
  });

  it("still gives the lines and reasons once the kept file is deleted, without the file's text", async () => {
    const created = await stage(TEXT);
    await rm(join(t.config.DATA_DIR, "herd-uploads", `${created.upload_uuid}.csv`));
    expect(csvRecords(await refused(w.zoo.token, created.upload_uuid))).toEqual([
      ["Строка", "Причина"],
      ["3", CUT_SHORT],
      ["4", NO_IDENTITY],
      ["5", CUT_SHORT],
    ]);
  });

  it("is refused (409) for a file refused whole, and for a commit whose refused lines were not kept", async () => {
    expect((await uploadApi(t, w.zoo.token, w.herd.uuid).upload("")).statusCode).toBe(400);
    const [failed] = await queryRows<{ uuid: string; status: string }>(
      t.database.db,
      sql`select uuid, status from herd_uploads`,
    );
    expect(failed?.status).toBe("failed");
    expect((await refused(w.zoo.token, failed?.uuid ?? "")).statusCode).toBe(409);

    const created = await stage(TEXT);
    ok(await uploadApi(t, w.zoo.token, w.herd.uuid).commit(created.upload_uuid));
    // As a commit made before the refused lines were kept leaves it (or a restart of PostgreSQL).
    await t.database.db.execute(sql`delete from herd_upload_rows`);
    const res = await refused(w.zoo.token, created.upload_uuid);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: "conflict", message: REFUSED_NOT_KEPT });
  });
});

describe("the refused rows of a spreadsheet", () => {
  it("gives the table's own columns, and a test-day table's unknown animals after the commit too", async () => {
    const sheet = sheetApi(t, w.zoo.token, w.herd.uuid);
    const animals = ok<HerdUploadCreated>(await sheet.upload(Buffer.from("Номер;Бирка\r\n1;E1\r\n"), "animals"), 201);
    ok(await sheet.commit(animals.upload_uuid));
    const table = [
      "Номер;Бирка;Дата контрольной дойки;Удой",
      "1;E1;10.11.2026;30",
      "1;E1;31.11.2026;30",
      "9;E9;10.11.2026;31,5",
    ].join("\r\n");
    const created = ok<HerdUploadCreated>(await sheet.upload(Buffer.from(table), "test_days"), 201);
    expect(created.preview.rows_refused).toBe(2);

    const staged = await refused(w.zoo.token, created.upload_uuid);
    expect(csvRecords(staged)).toEqual([
      ["Строка", "Причина", "Номер", "Бирка", "Дата контрольной дойки", "Удой"],
      [
        "3",
        "Неверная дата «31.11.2026» в столбце «Дата контрольной дойки» — нужна ДД.ММ.ГГГГ",
        "1",
        "E1",
        "31.11.2026",
        "30",
      ],
      [
        "4",
        "Животное 9 (бирка E9) не найдено в стаде: загрузите сначала животных (таблица «Животные» или файл DC305).",
        "9",
        "E9",
        "10.11.2026",
        "31,5",
      ],
    ]);
    ok(await sheet.commit(created.upload_uuid));
    expect((await refused(w.zoo.token, created.upload_uuid)).body).toBe(staged.body);
  });
});

describe("who may download them", () => {
  it("the uploader and the company's admin; another uploader, a viewer and another company get 404", async () => {
    const created = await stage(TEXT);
    const member = async (username: string, role: number) => {
      const u = await seedUser(t.database.db, {
        username,
        email: `${username}@example.com`,
        roles: [role],
        companyIds: [w.zarya.company.id],
      });
      await t.database.db.insert(userDatabaseAccess).values({ userId: u.id, databaseId: w.herd.id });
      await setDc305(t.database.db, u.id, true);
      return accessTokenFor(t, u.id);
    };
    expect((await refused(await member("boss", 1), created.upload_uuid)).statusCode).toBe(200);
    expect((await refused(await member("colleague", 3), created.upload_uuid)).statusCode).toBe(404);
    expect((await refused(w.viewer.token, created.upload_uuid)).statusCode).toBe(404);
    expect((await refused(w.other.token, created.upload_uuid)).statusCode).toBe(404);
    expect((await refused(undefined, created.upload_uuid)).statusCode).toBe(401);
  });
});
