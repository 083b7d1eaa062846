import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { monitoringSeries } from "../../db/schema/index.ts";
import { ingestReadings } from "./ingest.ts";
import { addSite, monitoringWorld } from "./monitoring.test-kit.ts";
import { timeInStates } from "./state-time.ts";

// A compressor's states on 10 March 2026 (times UTC). Every expected number is worked out by hand
// in the comment next to it. A state holds from its reading until the next one:
//   10:00 on, 10:30 off, 11:00 on, 11:15 on, 11:45 on (the last two repeat the state).

const NOW = Date.parse("2026-04-01T00:00:00Z");
const at = (hhmm: string) => `2026-03-10T${hhmm}:00Z`;

let db: Db;
let databaseId: number;
let compressor: number;
let sensor: number;

beforeEach(async () => {
  const world = await monitoringWorld(["Датчики"]);
  db = world.db;
  databaseId = world.databaseIds[0] as number;
  const site = await addSite(db, databaseId, "Asia/Novosibirsk");
  const [state, temp] = await db
    .insert(monitoringSeries)
    .values([
      {
        databaseId,
        siteId: site.id,
        kind: "state",
        name: "Компрессор",
        states: [
          { code: "on", name: "Работает", color: "#2e7d32" },
          { code: "off", name: "Выключен", color: "#9e9e9e" },
          { code: "fault", name: "Авария", color: "#c62828" },
        ],
      },
      { databaseId, siteId: site.id, kind: "sensor", name: "Температура молока", unit: "°C" },
    ])
    .returning({ id: monitoringSeries.id });
  if (!state || !temp) throw new Error("series inserted");
  compressor = state.id;
  sensor = temp.id;
  const result = await ingestReadings(
    db,
    databaseId,
    [
      { series_id: compressor, ts: at("10:00"), state: "on" },
      { series_id: compressor, ts: at("10:30"), state: "off" },
      { series_id: compressor, ts: at("11:00"), state: "on" },
      { series_id: compressor, ts: at("11:15"), state: "on" },
      { series_id: compressor, ts: at("11:45"), state: "on" },
    ],
    NOW,
  );
  expect(result.rejected).toEqual([]);
});

const byCode = (r: Awaited<ReturnType<typeof timeInStates>>) =>
  Object.fromEntries((r?.states ?? []).map((s) => [s.code, [s.seconds, s.share]]));

describe("timeInStates", () => {
  it("counts a range that starts mid-state from its start, with the current state's run across repeats", async () => {
    const r = await timeInStates(db, databaseId, compressor, at("10:15"), at("12:00"), at("12:30"));
    // on: 10:15–10:30 (the 10:00 reading is in force at 10:15) = 900 s, 11:00–12:00 = 3600 s → 4500 s;
    // off: 10:30–11:00 = 1800 s. Known 6300 s: on 4500/6300 = 5/7, off 1800/6300 = 2/7.
    expect(byCode(r)).toEqual({ on: [4500, 5 / 7], off: [1800, 2 / 7], fault: [0, 0] });
    expect(r?.unknownSeconds).toBe(0);
    expect(r?.states.map((s) => [s.code, s.name, s.color])).toEqual([
      ["on", "Работает", "#2e7d32"],
      ["off", "Выключен", "#9e9e9e"],
      ["fault", "Авария", "#c62828"],
    ]);
    expect(r?.from).toBe("2026-03-10T10:15:00.000Z");
    expect(r?.to).toBe("2026-03-10T12:00:00.000Z");
    // The latest reading at 12:30 is 11:45 "on"; 11:15 and 11:45 repeat it, the run began at 11:00
    // (after 10:30's "off"): 12:30 − 11:00 = 5400 s.
    expect(r?.current).toEqual({
      code: "on",
      name: "Работает",
      color: "#2e7d32",
      since: "2026-03-10T11:00:00.000Z",
      seconds: 5400,
    });
  });

  it("reports the time before the first reading as unknown, outside the shares", async () => {
    const r = await timeInStates(db, databaseId, compressor, at("09:00"), at("10:45"), at("10:45"));
    // Unknown 09:00–10:00 = 3600 s; on 10:00–10:30 = 1800 s, off 10:30–10:45 = 900 s.
    // Known 2700 s: on 1800/2700 = 2/3, off 900/2700 = 1/3.
    expect(r?.unknownSeconds).toBe(3600);
    expect(byCode(r)).toEqual({ on: [1800, 2 / 3], off: [900, 1 / 3], fault: [0, 0] });
    // At 10:45 the state is 10:30's "off": 900 s.
    expect(r?.current).toMatchObject({ code: "off", since: "2026-03-10T10:30:00.000Z", seconds: 900 });
  });

  it("clips a range reaching into the future at now, ignoring readings after now", async () => {
    await ingestReadings(db, databaseId, [{ series_id: compressor, ts: at("12:10"), state: "fault" }], NOW);
    const r = await timeInStates(db, databaseId, compressor, at("11:00"), "2026-03-11T00:00:00Z", at("12:00"));
    // [11:00, 12:00): all "on", 3600 s, share 1. The 12:10 "fault" is after now.
    expect(r?.to).toBe("2026-03-10T12:00:00.000Z");
    expect(byCode(r)).toEqual({ on: [3600, 1], off: [0, 0], fault: [0, 0] });
    expect(r?.current).toMatchObject({ code: "on", since: "2026-03-10T11:00:00.000Z", seconds: 3600 });
    // At 12:20 the fault (10 min) is current, and the range [11:00, 12:20) holds 600 s of it.
    const later = await timeInStates(db, databaseId, compressor, at("11:00"), at("13:00"), at("12:20"));
    // on 11:00–12:10 = 4200 s, fault 12:10–12:20 = 600 s; known 4800 s.
    expect(byCode(later)).toEqual({ on: [4200, 4200 / 4800], off: [0, 0], fault: [600, 600 / 4800] });
    expect(later?.current).toMatchObject({ code: "fault", name: "Авария", seconds: 600 });
  });

  it("knows nothing before any reading, and answers null for a series that is not a state channel", async () => {
    const r = await timeInStates(db, databaseId, compressor, at("08:00"), at("09:00"), at("09:00"));
    // No reading before 09:00: the whole hour unknown, no current state.
    expect(r?.unknownSeconds).toBe(3600);
    expect(byCode(r)).toEqual({ on: [0, 0], off: [0, 0], fault: [0, 0] });
    expect(r?.current).toBeNull();
    expect(await timeInStates(db, databaseId, sensor, at("08:00"), at("09:00"), at("09:00"))).toBeNull();
    expect(await timeInStates(db, databaseId + 1000, compressor, at("08:00"), at("09:00"), at("09:00"))).toBeNull();
  });
});
