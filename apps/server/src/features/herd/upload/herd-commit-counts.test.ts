import type { HerdUploadCreated } from "@nadoy/contract/herd";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { queryRows } from "../../../db/client.ts";
import { EVENTS_HEADER, eventLine } from "../dc305/test-fixtures.ts";
import { ok } from "../herd.test-kit.ts";
import { counts, eventsOf, herdTableCounts, seedUploadWorld, uploadApi } from "./herd-upload.test-kit.ts";

// The commit's counts when the herd moved since the preview (another upload committed meanwhile),
// a staging lost to a restart of PostgreSQL, and a database's deletion taking its herd and its
// staged lines with it.

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
const TEXT = file(
  EVENTS_HEADER,
  eventLine("3268", "03/17/15", "2", "FRESH", "0", "01/10/24"),
  eventLine("3268", "03/17/15", "2", "LAME", "30", "02/09/24", "F.BL"),
  eventLine("41", "05/05/20", "1", "BRED", "60", "03/01/24", "7HO123"),
);
const db = () => t.database.db;
const matchedAnimalsKept = async () =>
  (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from herd_upload_animals`))[0]?.n;

describe("the commit's counts", () => {
  it("counts again when another upload was committed after the preview: the same file adds nothing", async () => {
    const api = uploadApi(t, w.zoo.token, w.herd.uuid);
    const first = ok<HerdUploadCreated>(await api.upload(TEXT), 201);
    const second = ok<HerdUploadCreated>(await api.upload(TEXT), 201);
    // Both previews saw the empty herd.
    expect(second.preview).toMatchObject(counts({ rows: 3, animals_new: 2, events_new: 3 }));

    expect(ok(await api.commit(first.upload_uuid))).toMatchObject(counts({ rows: 3, animals_new: 2, events_new: 3 }));
    expect(ok(await api.commit(second.upload_uuid))).toMatchObject(
      counts({ rows: 3, animals_unchanged: 2, events_unchanged: 3 }),
    );
    expect(await eventsOf(db(), w.herd.id)).toHaveLength(3);
    expect(await herdTableCounts(db())).toMatchObject({ animals: 2, events: 3, staged: 0 });
  });

  it("refuses to commit an upload whose staged lines are gone (409), the herd unchanged", async () => {
    const api = uploadApi(t, w.zoo.token, w.herd.uuid);
    const created = ok<HerdUploadCreated>(await api.upload(TEXT), 201);
    // What a crash of PostgreSQL does to the unlogged staging table.
    await db().execute(sql`truncate herd_upload_rows`);

    const res = await api.commit(created.upload_uuid);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("загрузите файл ещё раз");
    expect(await herdTableCounts(db())).toMatchObject({ animals: 0, events: 0 });
  });
});

describe("a deleted herd database", () => {
  it("takes its animals, events, uploads and staged lines with it", async () => {
    const api = uploadApi(t, w.zoo.token, w.herd.uuid);
    ok(await api.commit(ok<HerdUploadCreated>(await api.upload(TEXT), 201).upload_uuid));
    ok<HerdUploadCreated>(await api.upload(TEXT), 201);
    expect(await herdTableCounts(db())).toMatchObject({ animals: 2, events: 3, lactations: 1, staged: 3 });

    // The staged upload's animals as its preview matched them (the first upload's went with its commit).
    expect(await matchedAnimalsKept()).toBe(2);

    await db().execute(sql`delete from user_databases where id = ${w.herd.id}`);
    expect(await matchedAnimalsKept()).toBe(0);
    expect(await herdTableCounts(db())).toEqual({
      animals: 0,
      events: 0,
      test_days: 0,
      lactations: 0,
      pens: 0,
      staged: 0,
    });
  });
});
