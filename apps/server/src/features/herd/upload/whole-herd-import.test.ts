import type { HerdUploadCreated } from "@nadoy/contract/herd";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { writeDc305Events, writeDc305List, writeDc305TestDays } from "../demo-herd/dc305-writer.ts";
import { generateDemoHerd } from "../demo-herd/generate-demo-herd.ts";
import { ok } from "../herd.test-kit.ts";
import { herdTableCounts, seedUploadWorld, uploadApi } from "./herd-upload.test-kit.ts";

// Issue 17: the demo-herd generator writes a whole herd as DC305 files, and the importer takes it
// end to end — every animal once (barn numbers are reused: identity is number + birth date, then
// the ear tag of the LIST), every event and every test day; the same files again add nothing.

const TODAY = "2026-11-26";
const herd = generateDemoHerd({ seed: 5, today: TODAY, scale: 0.05 });
const files = {
  "events.csv": writeDc305Events(herd),
  "list.csv": writeDc305List(herd, TODAY),
  "tests.csv": writeDc305TestDays(herd),
};

let t: TestApp;
let w: Awaited<ReturnType<typeof seedUploadWorld>>;
beforeAll(async () => {
  t = await startTestApp();
  w = await seedUploadWorld(t);
});
afterAll(() => t.close());

async function importAll() {
  const api = uploadApi(t, w.zoo.token, w.herd.uuid);
  const previews: HerdUploadCreated[] = [];
  for (const [name, text] of Object.entries(files)) {
    const created = ok<HerdUploadCreated>(await api.upload(text, name), 201);
    previews.push(created);
    ok(await api.commit(created.upload_uuid));
  }
  return previews;
}

describe("a whole generated herd through the DC305 importer", { timeout: 120_000 }, () => {
  it("holds every animal once, every event and test day; a second import adds nothing", async () => {
    const barns = new Set(herd.animals.map((a) => a.barnNumber));
    // The herd reuses barn numbers, so identity by number alone would merge cows.
    expect(barns.size).toBeLessThan(herd.animals.length);

    const first = await importAll();
    expect(first.map((p) => p.preview.rows_refused)).toEqual([0, 0, 0]);
    expect(await herdTableCounts(t.database.db)).toMatchObject({
      animals: herd.animals.length,
      events: herd.events.length,
      test_days: herd.testDays.length,
      staged: 0,
    });

    const again = await importAll();
    for (const { preview } of again) {
      expect(preview).toMatchObject({ animals_new: 0, events_new: 0, test_days_new: 0, rows_refused: 0 });
    }
    expect(await herdTableCounts(t.database.db)).toMatchObject({
      animals: herd.animals.length,
      events: herd.events.length,
      test_days: herd.testDays.length,
    });
  });
});
