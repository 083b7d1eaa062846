import type { MonitoringStates } from "@nadoy/contract/monitoring";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { ok } from "../herd/herd.test-kit.ts";
import { getAs, HOUR, ingestOk, iso, monitoringApiWorld } from "./monitoring.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const world = () => monitoringApiWorld(t);
const ingest = (databaseId: number, rows: Parameters<typeof ingestOk>[2]) => ingestOk(t, databaseId, rows);
const get = (token: string | undefined, url: string, query?: Record<string, string>) => getAs(t, token, url, query);

// The state timeline route over HTTP: runs folded to the pixel, time in states, the current state.

describe("monitoring: a discrete channel", () => {
  it("folds runs shorter than a pixel into the timeline and counts time in each state and the current one", async () => {
    const w = await world();
    const state = w.s.state;
    await ingest(w.databaseId, [
      { series_id: state, ts: "2026-03-10T00:00:00Z", state: "on" },
      { series_id: state, ts: "2026-03-10T01:00:00Z", state: "off" },
      // 30 s off: less than a pixel (4 h / 100 px = 144 s).
      { series_id: state, ts: "2026-03-10T01:00:30Z", state: "on" },
      { series_id: state, ts: "2026-03-10T03:00:00Z", state: "off" },
    ]);
    const body = ok<MonitoringStates>(
      await get(w.client, `/api/monitoring/${w.monitoring.uuid}/states/`, {
        series: String(state),
        from: "2026-03-10T00:00:00Z",
        to: "2026-03-10T04:00:00Z",
        width: "100",
      }),
    );
    const [channel] = body.series;
    expect(channel?.segments).toEqual([
      { state: "on", start: "2026-03-10T00:00:00.000Z", end: "2026-03-10T03:00:00.000Z" },
      { state: "off", start: "2026-03-10T03:00:00.000Z", end: "2026-03-10T04:00:00.000Z" },
    ]);
    // on: 1 h + (3 h − 30 s) = 10,770 s; off: 30 s + 1 h = 3,630 s; of 14,400 s.
    expect(channel?.states.map((s) => [s.code, s.name, s.seconds])).toEqual([
      ["on", "Работает", 10_770],
      ["off", "Выключен", 3_630],
    ]);
    expect(channel?.states[0]?.share).toBeCloseTo(10_770 / 14_400, 10);
    expect(channel?.current).toMatchObject({ code: "off", name: "Выключен", since: "2026-03-10T03:00:00.000Z" });
  });
  it("shows a channel switching faster than a pixel as the state it mostly held, in at most `width` segments", async () => {
    const w = await world();
    const start = Date.parse("2026-03-10T00:00:00Z");
    // On 7 min, off 3 min, every 10 min for a day; a pixel of 100 is 14.4 min: on holds most of each.
    await ingest(
      w.databaseId,
      Array.from({ length: 144 }, (_, i) => [
        { series_id: w.s.state, ts: iso(start + i * 600_000), state: "on" },
        { series_id: w.s.state, ts: iso(start + i * 600_000 + 420_000), state: "off" },
      ]).flat(),
    );
    const body = ok<MonitoringStates>(
      await get(w.zoo, `/api/monitoring/${w.monitoring.uuid}/states/`, {
        series: String(w.s.state),
        from: iso(start),
        to: iso(start + 24 * HOUR),
        width: "100",
      }),
    );
    const [channel] = body.series;
    expect(channel?.segments).toEqual([{ state: "on", start: iso(start), end: iso(start + 24 * HOUR) }]);
    // 144 × 7 min on, 144 × 3 min off.
    expect(channel?.states.map((s) => [s.code, s.seconds])).toEqual([
      ["on", 144 * 420],
      ["off", 144 * 180],
    ]);
  });
});
