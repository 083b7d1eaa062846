import type { HerdUploadCreated, HerdUploadRecord } from "@nadoy/contract/herd";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { dcHeader, dcLine, left, right } from "../dc305/test-fixtures.ts";
import { ok } from "../herd.test-kit.ts";
import { animalsOf, counts, eventsOf, herdTableCounts, seedUploadWorld, uploadApi } from "./herd-upload.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const HEADER = dcHeader("ID", "BDAT", "LACT", "CBRD", "Event", "DIM", "Date", "Remark", "Protocols", "Technician");

/** An EVENTS line in HEADER's layout, padded as DC305 pads it. */
const ev = (
  id: string,
  bdat: string,
  lact: string,
  code: string,
  dim: string,
  date: string,
  remark = "",
  protocol = "",
) =>
  dcLine(
    right(id, 9),
    bdat,
    right(lact, 3),
    left("H", 5),
    left(code, 11),
    right(dim, 4),
    date,
    left(remark, 16),
    left(protocol, 16),
    "",
  );
const file = (...lines: string[]) => `${lines.join("\n")}\n`;

describe("POST /api/herd/:db_uuid/uploads/ then commit", () => {
  it("stages an EVENTS file, previews it, and the commit writes animals and events once", async () => {
    const w = await seedUploadWorld(t);
    const api = uploadApi(t, w.zoo.token, w.herd.uuid);
    const text = file(
      HEADER,
      ev("3268", "03/17/15", "2", "FRESH", "0", "01/10/24"),
      ev("3268", "03/17/15", "2", "LAME", "30", "02/09/24", "F.BL", "FOOTROT"),
      ev("41", "05/05/20", "1", "BRED", "60", "03/01/24", "7HO123"),
    );
    const created = ok<HerdUploadCreated>(await api.upload(text), 201);
    expect(created.kind).toBe("events");
    expect(created.preview).toMatchObject(counts({ rows: 3, animals_new: 2, events_new: 3 }));
    expect(created.preview.errors).toEqual([]);
    expect(created.preview.items.kept).toEqual([]);
    expect(await herdTableCounts(t.database.db)).toMatchObject({ animals: 0, events: 0, staged: 3 });

    const committed = ok<Record<string, unknown>>(await api.commit(created.upload_uuid));
    expect(committed).toMatchObject(counts({ rows: 3, animals_new: 2, events_new: 3 }));
    expect(await animalsOf(t.database.db, w.herd.id)).toMatchObject([
      { barn_number: "3268", birth_date: "2015-03-17", lact: 2, status: "milking", fresh_date: "2024-01-10" },
      { barn_number: "41", birth_date: "2020-05-05", lact: 1, status: "milking" },
    ]);
    expect(await eventsOf(t.database.db, w.herd.id)).toEqual([
      "3268 2024-01-10 FRESH ||",
      "3268 2024-02-09 LAME F.BL|FOOTROT|",
      "41 2024-03-01 BRED 7HO123||",
    ]);
    expect(await herdTableCounts(t.database.db)).toMatchObject({ staged: 0, lactations: 1 });

    const again = ok<HerdUploadCreated>(await api.upload(text), 201);
    expect(again.preview).toMatchObject(counts({ rows: 3, animals_unchanged: 2, events_unchanged: 3 }));
    ok(await api.commit(again.upload_uuid));
    expect(await herdTableCounts(t.database.db)).toMatchObject({ animals: 2, events: 3, lactations: 1, staged: 0 });

    const history = ok<HerdUploadRecord[]>(await api.history());
    expect(history.map((h) => h.status)).toEqual(["committed", "committed"]);
  });
});
