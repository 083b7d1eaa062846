import type { DtmTransfers } from "@nadoy/contract/dtm";
import { DTM_PAGE_SIZE } from "@nadoy/contract/dtm";
import ExcelJS from "exceljs";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DtmWorld, insertTransfers, seedDtmWorld } from "../../../test/dtm-world.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { readXlsx } from "../usage/usage.test-kit.ts";

// GET /api/dtm/:uuid/transfers/ and its XLSX (contract dtm.ts): the transfers of the entry's
// code made with its company's keys, by day and result, filtered, paged; who sees the entry.

let t: TestApp;
let w: DtmWorld;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedDtmWorld(t);
  await insertTransfers(t.database.db, [
    { key: w.gateway, at: "2026-11-10T10:00:00+03:00", ip: "10.1.1.1" },
    {
      key: w.gateway,
      at: "2026-11-10T23:30:00+03:00",
      result: "partial",
      received: 3,
      accepted: 2,
      errors: [{ index: 1, message: "Нет такого датчика" }],
    },
    // 21:30 UTC on the 10th, the 11th in Moscow.
    { key: w.agent, at: "2026-11-11T00:30:00+03:00", kind: "herd_upload", result: "failed", received: 2, accepted: 0 },
    {
      key: w.agent,
      at: "2026-11-12T08:00:00+03:00",
      result: "refused",
      received: 0,
      accepted: 0,
      error: "Слишком много строк",
    },
    // Out of the period, another code of the company, another company's same code.
    { key: w.gateway, at: "2026-11-09T23:59:00+03:00" },
    { key: w.second, at: "2026-11-10T12:00:00+03:00" },
    { key: w.foreign, at: "2026-11-10T12:00:00+03:00" },
  ]);
});
afterAll(() => t.close());

const PERIOD = { from: "2026-11-10", to: "2026-11-12" };

function get(token: string, query: Record<string, string>, uuid = w.entry.uuid, suffix = "") {
  const search = new URLSearchParams(query).toString();
  return t.request({ method: "GET", url: `/api/dtm/${uuid}/transfers/${suffix}?${search}`, token });
}

function ok<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe("GET /api/dtm/:uuid/transfers/", () => {
  it("lists the entry's transfers newest first, counted per Moscow day by result, with its keys", async () => {
    const body = ok<DtmTransfers>(await get(w.zoo.token, PERIOD));
    expect(body.entry).toEqual({ uuid: w.entry.uuid, company_code: "ZR-001", company: "Заря" });
    expect(body.total).toBe(4);
    expect(body.items.map((i) => i.result)).toEqual(["refused", "failed", "partial", "ok"]);
    expect(body.items[3]).toMatchObject({
      at: "2026-11-10T07:00:00.000Z",
      key: { uuid: w.gateway.uuid, name: "Шлюз коровника", hint: w.gateway.hint },
      ip: "10.1.1.1",
      kind: "ingest",
      database: "Датчики",
      rows_received: 10,
      rows_accepted: 10,
      rows_rejected: 0,
    });
    expect(body.items[2]?.first_errors).toEqual([{ index: 1, message: "Нет такого датчика" }]);
    expect(body.items[0]?.error).toBe("Слишком много строк");
    expect(body.per_day).toEqual([
      { day: "2026-11-10", ok: 1, partial: 1, failed: 0, refused: 0 },
      { day: "2026-11-11", ok: 0, partial: 0, failed: 1, refused: 0 },
      { day: "2026-11-12", ok: 0, partial: 0, failed: 0, refused: 1 },
    ]);
    // Only the company's keys under this code: not ZR-002's, not the other company's ZR-001.
    expect(body.keys.map((k) => k.name)).toEqual(["Агент доения", "Шлюз коровника"]);
  });

  it("filters by kind, result and key, the chart too", async () => {
    const byKind = ok<DtmTransfers>(await get(w.zoo.token, { ...PERIOD, kind: "herd_upload" }));
    expect(byKind.total).toBe(1);
    expect(byKind.per_day.map((d) => d.failed)).toEqual([0, 1, 0]);
    const byResult = ok<DtmTransfers>(await get(w.zoo.token, { ...PERIOD, result: "partial" }));
    expect(byResult.items.map((i) => i.rows_accepted)).toEqual([2]);
    const byKey = ok<DtmTransfers>(await get(w.zoo.token, { ...PERIOD, key: w.agent.uuid }));
    expect(byKey.items.map((i) => i.key.name)).toEqual(["Агент доения", "Агент доения"]);
    // A key of another code, or of another company, lists nothing.
    const foreign = ok<DtmTransfers>(await get(w.zoo.token, { ...PERIOD, key: w.foreign.uuid }));
    expect(foreign.total).toBe(0);
    const oneDay = ok<DtmTransfers>(await get(w.zoo.token, { from: "2026-11-09", to: "2026-11-09" }));
    expect(oneDay.total).toBe(1);
  });

  it("pages by DTM_PAGE_SIZE", async () => {
    const many = Array.from({ length: DTM_PAGE_SIZE + 5 }, (_, i) => ({
      key: w.gateway,
      at: new Date(Date.UTC(2026, 9, 1, 0, i)).toISOString(),
    }));
    await insertTransfers(t.database.db, many);
    const query = { from: "2026-10-01", to: "2026-10-01" };
    const first = ok<DtmTransfers>(await get(w.zoo.token, query));
    expect([first.total, first.items.length, first.page, first.page_size]).toEqual([
      DTM_PAGE_SIZE + 5,
      DTM_PAGE_SIZE,
      1,
      DTM_PAGE_SIZE,
    ]);
    const second = ok<DtmTransfers>(await get(w.zoo.token, { ...query, page: "2" }));
    expect(second.items.map((i) => i.at.slice(11, 16))).toEqual(["00:04", "00:03", "00:02", "00:01", "00:00"]);
    expect(second.per_day).toEqual([{ day: "2026-10-01", ok: DTM_PAGE_SIZE + 5, partial: 0, failed: 0, refused: 0 }]);
  });

  it("is seen by whoever was given the entry and is of its company; others 404", async () => {
    expect((await get(w.viewer.token, PERIOD)).statusCode).toBe(200);
    expect((await get(w.stranger.token, PERIOD)).statusCode).toBe(404);
    // Another company's entry, with the same code: 404 for «Заря»'s user, and the other way round.
    expect((await get(w.zoo.token, PERIOD, w.otherEntry.uuid)).statusCode).toBe(404);
    expect((await get(w.other.token, PERIOD)).statusCode).toBe(404);
    const theirs = ok<DtmTransfers>(await get(w.other.token, PERIOD, w.otherEntry.uuid));
    expect(theirs.items.map((i) => i.key.name)).toEqual(["Чужой шлюз"]);
    const missing = await get(w.zoo.token, PERIOD, "00000000-0000-4000-8000-000000000000");
    expect(missing.json()).toMatchObject({ code: "not_found" });
  });

  it("refuses a reversed or too long period in Russian", async () => {
    const reversed = await get(w.zoo.token, { from: "2026-11-12", to: "2026-11-10" });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ message: "Дата окончания периода раньше даты начала" });
    expect((await get(w.zoo.token, { from: "2024-01-01", to: "2026-01-01" })).statusCode).toBe(400);
  });
});

describe("GET /api/dtm/:uuid/transfers/export/", () => {
  it("writes the filtered transfers, newest first, with the first errors", async () => {
    const res = await get(w.zoo.token, { ...PERIOD, kind: "ingest" }, w.entry.uuid, "export/");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    const sheets = await readXlsx(res.rawPayload);
    const rows = sheets.Передачи ?? [];
    expect(rows[0]?.slice(0, 2)).toEqual(["Время (МСК)", "Ключ"]);
    expect(rows.slice(1).map((r) => r[9])).toEqual(["Отклонено", "Частично", "Успешно"]);
    expect(rows[2]?.[10]).toBe("строка 2: Нет такого датчика");
    expect(rows[1]?.[10]).toBe("Слишком много строк");
  });

  it("writes Moscow times and says so, as the page shows them", async () => {
    const res = await get(w.zoo.token, { ...PERIOD, result: "refused" }, w.entry.uuid, "export/");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Передачи");
    if (!sheet) throw new Error("the sheet «Передачи»");
    expect(sheet.getCell("A1").value).toBe("Время (МСК)");
    // Sent at 05:00 UTC (08:00 in Moscow): Excel's zoneless date holds 08:00.
    expect((sheet.getCell("A2").value as Date).toISOString()).toBe("2026-11-12T08:00:00.000Z");
  });

  it("is 404 for an entry the caller does not see", async () => {
    expect((await get(w.stranger.token, PERIOD, w.entry.uuid, "export/")).statusCode).toBe(404);
  });
});
