import type { HerdSettings } from "@nadoy/contract/herd-settings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { ok, seedHerdWorld } from "../herd.test-kit.ts";

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
});
afterAll(() => t.close());

const url = () => `/api/herd/${w.herd.uuid}/settings/`;
const get = (token: string) => t.request({ method: "GET", url: url(), token });
const put = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: "PUT", url: url(), token, payload });

describe("herd database settings", () => {
  it("answers the default VWP for a database never set, and who may change it", async () => {
    expect(ok<HerdSettings>(await get(w.zoo.token))).toEqual({ vwp_days: 50, editable: true });
    expect(ok<HerdSettings>(await get(w.viewer.token))).toEqual({ vwp_days: 50, editable: false });
  });

  it("keeps a changed VWP, refuses it out of range or from a viewer", async () => {
    expect(ok<HerdSettings>(await put(w.zoo.token, { vwp_days: 60 }))).toEqual({ vwp_days: 60, editable: true });
    expect(ok<HerdSettings>(await put(w.zoo.token, { vwp_days: 45 })).vwp_days).toBe(45);
    expect(ok<HerdSettings>(await get(w.viewer.token)).vwp_days).toBe(45);
    expect((await put(w.zoo.token, { vwp_days: 10 })).statusCode).toBe(400);
    expect((await put(w.zoo.token, { vwp_days: 151 })).statusCode).toBe(400);
    expect((await put(w.viewer.token, { vwp_days: 70 })).statusCode).toBe(403);
    expect((await get(w.other.token)).statusCode).toBe(404);
    expect(
      (await t.request({ method: "GET", url: `/api/herd/${w.monitoring.uuid}/settings/`, token: w.zoo.token }))
        .statusCode,
    ).toBe(409);
  });
});
