import { ErrorText } from "@nadoy/contract/errors";
import { INGEST_ROWS_MAX, INGEST_ROWS_OVER_TEXT } from "@nadoy/contract/monitoring-ingest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { resetDatabase } from "../../test/test-database.ts";
import { dataTransfers } from "../db/schema/index.ts";
import { createKeyAs, type KeysWorld, seedKeysWorld } from "../features/keys/keys.test-kit.ts";

// A batch refused whole once its key passed is in the transfer log with the answer its sender got:
// the Russian text of the error handler, as the DTM page and its XLSX show it, not Fastify's own.

let t: TestApp;
let w: KeysWorld;
let secret: string;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedKeysWorld(t);
  ({ secret } = await createKeyAs(t, w.zoo.token, w.workspace, {
    name: "Шлюз",
    scope: "ingest",
    database_uuid: w.monitoring.uuid,
    dtm_code: "ZR-001",
  }));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(dataTransfers);
});

const ingest = (payload: string) =>
  t.request({
    method: "POST",
    url: "/api/monitoring/ingest/",
    headers: { authorization: `Key ${secret}`, "content-type": "application/json" },
    payload,
  });

const logged = async () =>
  (await t.database.db.select().from(dataTransfers)).map((row) => ({ result: row.result, error: row.error }));

describe("the transfer log of a refused batch", () => {
  it("keeps the Russian answer to broken JSON, without the status", async () => {
    const res = await ingest('{"readings": [');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ErrorText.invalidJson);
    expect(await logged()).toEqual([{ result: "refused", error: "Некорректный JSON в теле запроса" }]);
  });

  it("keeps the answer to a batch over the row limit as it was given", async () => {
    const readings = Array.from({ length: INGEST_ROWS_MAX + 1 }, () => ({ series_id: 1, ts: "x", value: 1 }));
    const res = await ingest(JSON.stringify({ readings }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(INGEST_ROWS_OVER_TEXT);
    expect(await logged()).toEqual([{ result: "refused", error: INGEST_ROWS_OVER_TEXT }]);
  });
});
