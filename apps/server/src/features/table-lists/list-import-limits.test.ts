import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { IMPORTS_PER_MINUTE } from "@nadoy/contract/constants";
import { ErrorCode, ErrorText, importRowsLimitText } from "@nadoy/contract/errors";
import { LIST_ROWS_MAX, type ListDetail } from "@nadoy/contract/lists";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCompanyCallers, listApi } from "../../../test/lists.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp, testRedisUrl } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";

// Issue 15: a list import is bounded. A file longer than a list may hold is refused as soon as its
// reading passes LIST_ROWS_MAX rows (the rest of the upload is never read); a user's second import
// while the first runs is refused — on another instance too, when they share Redis; and a user may
// start IMPORTS_PER_MINUTE a minute.

const signingSecret = randomBytes(32).toString("hex");
const redisPrefix = `nadoy-test:${randomBytes(6).toString("hex")}:`;
let instances: TestApp[] = [];
const t = () => instances[0] as TestApp;
/** The instance a second request goes to: another one sharing Redis when there is Redis. */
const other = () => instances[instances.length - 1] as TestApp;

beforeAll(async () => {
  const first = await startTestApp({}, { signingSecret, redisPrefix });
  instances = testRedisUrl ? [first, await startTestApp({}, { signingSecret, redisPrefix, reset: false })] : [first];
});
afterAll(async () => {
  for (const instance of instances) await instance.close();
});
beforeEach(() => resetDatabase(t().database));

async function setup() {
  const company = await createCompanyCallers(t());
  const token = company.byLabel("role 3").token as string;
  const api = listApi(t(), token);
  const list = (
    await api.createList({
      name: "Надои",
      company_uuid: company.company.uuid,
      columns: [
        { name: "Кличка", type: "text" },
        { name: "Надой, кг", type: "number" },
      ],
    })
  ).json<ListDetail>();
  return { api, list, token };
}

const importUrl = (uuid: string, mode = "preview") => `/api/tableLists/lists/${uuid}/import/?format=csv&mode=${mode}`;

/** A CSV upload that hands over its bytes only when the server reads them, counting them. */
function csvUpload(rows: number) {
  const bytes = Buffer.from(
    `Кличка;"Надой, кг"\r\n${Array.from({ length: rows }, (_, i) => `Корова ${i};${i % 40}`).join("\r\n")}\r\n`,
  );
  let pulled = 0;
  const body = Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 16 * 1024) {
        const chunk = bytes.subarray(at, at + 16 * 1024);
        pulled += chunk.length;
        yield chunk;
      }
    })(),
  );
  return { body, total: bytes.length, pulled: () => pulled };
}

/** An upload held open: `read` settles when the server starts reading it, `finish` sends the rest. */
function heldUpload(text: string) {
  let started: () => void = () => {};
  const read = new Promise<void>((resolve) => {
    started = resolve;
  });
  let sent = false;
  const body = new Readable({
    read() {
      started();
      if (!sent) {
        sent = true;
        this.push(Buffer.from("Кличка\r\n"));
      }
    },
  });
  const finish = () => {
    body.push(Buffer.from(text));
    body.push(null);
  };
  return { body, read, finish };
}

describe("list import limits", () => {
  it(`refuses a file of more than ${LIST_ROWS_MAX} rows as soon as it passes them, naming the limit; nothing is written`, async () => {
    const { list, token } = await setup();
    const file = csvUpload(2 * LIST_ROWS_MAX);
    const before = await rowCounts(t().database.db);

    for (const mode of ["preview", "replace"]) {
      const upload = mode === "preview" ? file : csvUpload(2 * LIST_ROWS_MAX);
      const res = await t().request({
        method: "POST",
        url: importUrl(list.uuid, mode),
        token,
        headers: { "content-type": "text/csv" },
        payload: upload.body,
      });

      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        code: ErrorCode.validation,
        message: importRowsLimitText(LIST_ROWS_MAX),
        fields: { file: importRowsLimitText(LIST_ROWS_MAX) },
      });
      // About half of the upload was read: the rows past the limit never were, and the connection
      // closes after the answer instead of receiving them.
      expect(upload.pulled()).toBeLessThan(upload.total * 0.6);
      expect(res.headers.connection).toBe("close");
    }
    expect(importRowsLimitText(LIST_ROWS_MAX)).toContain("50\u00a0000");
    expect(await rowCounts(t().database.db)).toEqual(before);
  });

  it("refuses a user's second import while the first runs (on any instance), and takes it once the first is done", async () => {
    const { list, token } = await setup();
    const first = heldUpload("Зорька\r\n");
    const firstAnswer = t().request({
      method: "POST",
      url: importUrl(list.uuid, "append"),
      token,
      headers: { "content-type": "text/csv" },
      payload: first.body,
    });
    await first.read;

    const second = await other().request({
      method: "POST",
      url: importUrl(list.uuid, "append"),
      token,
      headers: { "content-type": "text/csv" },
      payload: "Кличка\r\nМарта\r\n",
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: ErrorCode.importInProgress, message: ErrorText.importInProgress });

    first.finish();
    expect((await firstAnswer).json()).toMatchObject({ written: 1 });
    const third = await other().request({
      method: "POST",
      url: importUrl(list.uuid, "append"),
      token,
      headers: { "content-type": "text/csv" },
      payload: "Кличка\r\nМарта\r\n",
    });
    expect(third.json()).toMatchObject({ written: 1 });
    const names = (await listApi(t(), token).list(list.uuid))
      .json<ListDetail>()
      .rows.map((r) => Object.values(r.values));
    expect(names).toEqual([["Зорька"], ["Марта"]]);
  });

  it("frees the user's slot when an import fails", async () => {
    const { api, list } = await setup();
    const bad = await api.importList(list.uuid, "csv", 'Кличка\r\n"Зорька\r\n');
    expect(bad.statusCode).toBe(400);
    const good = await api.importList(list.uuid, "csv", "Кличка\r\nЗорька\r\n");
    expect(good.statusCode).toBe(200);
  });

  it(`answers 429 with Retry-After past ${IMPORTS_PER_MINUTE} imports a minute by one user`, async () => {
    const { api, list } = await setup();
    for (let i = 0; i < IMPORTS_PER_MINUTE; i++) {
      expect((await api.importList(list.uuid, "csv", "Кличка\r\nЗорька\r\n")).statusCode).toBe(200);
    }

    const refused = await api.importList(list.uuid, "csv", "Кличка\r\nЗорька\r\n");

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: ErrorCode.tooManyRequests, message: ErrorText.tooManyRequests });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });
});
