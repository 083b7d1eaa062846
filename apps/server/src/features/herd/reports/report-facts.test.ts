import type { HerdUploadCreated } from "@nadoy/contract/herd";
import type { HerdReport } from "@nadoy/contract/herd-reports";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { queryRows } from "../../../db/client.ts";
import { EVENTS_HEADER, eventLine } from "../dc305/test-fixtures.ts";
import { daysAgo, ok } from "../herd.test-kit.ts";
import { seedUploadWorld, uploadApi } from "../upload/herd-upload.test-kit.ts";
import { reportClient } from "./reports.test-kit.ts";

// Report 4 reads the reproduction facts (report-facts.ts): a commit marks them stale and the next
// report writes them again, so what a file adds shows in the next report and in its drill-down.

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

/** A date n days ago as DC305 writes it (MM/DD/YY). */
const dc = (n: number) => {
  const [y, m, d] = daysAgo(n).split("-");
  return `${m}/${d}/${y?.slice(2)}`;
};
const file = (...lines: string[]) => `${lines.join("\n")}\n`;
const kpis = (r: HerdReport) => Object.fromEntries(r.kpis.map((k) => [k.key, k.value]));
const factsWritten = async () =>
  (await queryRows(t.database.db, sql`select 1 from herd_facts_state where database_id = ${w.herd.id}`)).length > 0;

async function commit(text: string) {
  const api = uploadApi(t, w.zoo.token, w.herd.uuid);
  const created = ok<HerdUploadCreated>(await api.upload(text), 201);
  ok(await api.commit(created.upload_uuid));
}

describe("report 4 over the reproduction facts", () => {
  it("shows what each committed file adds: services, pregnancies and their cows", async () => {
    const client = reportClient(t, w.herd.uuid, w.zoo.token, 4, { compare: "none" });
    await commit(
      file(
        EVENTS_HEADER,
        eventLine("101", "01/10/20", "2", "FRESH", "0", dc(200)),
        eventLine("101", "01/10/20", "2", "BRED", "80", dc(120), "7HO1"),
        eventLine("102", "02/11/20", "2", "FRESH", "0", dc(190)),
      ),
    );
    expect(await factsWritten()).toBe(false);
    const first = await client.report();
    expect(await factsWritten()).toBe(true);
    expect(kpis(first)).toMatchObject({ services: 1, preg_cows: 0, cr: null });

    // Cow 101's service is confirmed pregnant; cow 102 is bred twice, the first one open.
    await commit(
      file(
        EVENTS_HEADER,
        eventLine("101", "01/10/20", "2", "PREG", "115", dc(85)),
        eventLine("102", "02/11/20", "2", "BRED", "70", dc(120), "7HO2"),
        eventLine("102", "02/11/20", "2", "BRED", "95", dc(95), "7HO2"),
      ),
    );
    expect(await factsWritten()).toBe(false);
    const second = await client.report();
    // Services of the period: 101's (pregnant), 102's first (open: another BRED next), 102's second (unknown).
    expect(kpis(second)).toMatchObject({ services: 3, preg_cows: 1, cr: 50, spc: 2 });
    const preg = second.kpis.find((k) => k.key === "preg_cows")?.drill;
    expect(preg).toBeTruthy();
    const animals = await client.drillTotal(preg as string);
    expect(animals.total).toBe(1);
    expect(animals.items.map((a) => a.barn_number)).toEqual(["101"]);
  });
});

describe("the facts' lifetime", () => {
  it("goes with the database: deleting it deletes its facts", async () => {
    await commit(
      file(
        EVENTS_HEADER,
        eventLine("101", "01/10/20", "2", "FRESH", "0", dc(400)),
        eventLine("101", "01/10/20", "2", "BRED", "80", dc(320), "7HO1"),
        eventLine("101", "01/10/20", "2", "DRY", "300", dc(100)),
        eventLine("101", "01/10/20", "3", "FRESH", "0", dc(40)),
        eventLine("101", "01/10/20", "3", "MAST", "10", dc(30)),
        // A lactation still going with cycles ended: herd_going_cycles.
        eventLine("102", "02/11/20", "2", "FRESH", "0", dc(200)),
      ),
    );
    // A test day on DIM 10 of the third lactation (the file has none): its test facts and 305-day yield.
    await t.database.db.execute(sql`insert into herd_test_days (database_id, animal_id, test_date, lact, dim, milk_kg)
      select l.database_id, l.animal_id, l.fresh_date + 10, l.lact, 10, 30 from herd_lactations l
      where l.database_id = ${w.herd.id} and l.lact = 3`);
    await reportClient(t, w.herd.uuid, w.zoo.token, 4, { compare: "none" }).report();
    await reportClient(t, w.herd.uuid, w.zoo.token, 1, { compare: "none" }).report();
    const tables = [
      "herd_services",
      "herd_open_spans",
      "herd_cycles",
      "herd_health_cases",
      "herd_fresh_health",
      "herd_calvings",
      "herd_dry_periods",
      "herd_lactation_facts",
      "herd_test_facts",
      "herd_test_day_sums",
      "herd_structure_cells",
      "herd_flow_days",
      "herd_going_cycles",
    ];
    const counts = async () =>
      Promise.all(
        tables.map(async (table) => {
          const [row] = await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from ${sql.identifier(table)} where database_id = ${w.herd.id}`,
          );
          return row?.n;
        }),
      );
    // A service, the open spans, their cycles, the mastitis as a new case and as a fresh-60 disease,
    // the calvings, the dry period between them, the test day's facts and its lactation's yield.
    expect((await counts()).every((n) => (n ?? 0) > 0)).toBe(true);
    await t.database.db.execute(sql`delete from user_databases where id = ${w.herd.id}`);
    expect(await counts()).toEqual(tables.map(() => 0));
  });
});

describe("report 1's herd today, kept for the day", () => {
  it("shows what each committed file adds", async () => {
    const client = reportClient(t, w.herd.uuid, w.zoo.token, 1, { compare: "none" });
    await commit(file(EVENTS_HEADER, eventLine("101", "01/10/20", "2", "FRESH", "0", dc(200))));
    expect(kpis(await client.report())).toMatchObject({ herd: 1, milking: 1, avg_dim: 200 });
    await commit(file(EVENTS_HEADER, eventLine("102", "02/11/20", "2", "FRESH", "0", dc(10))));
    expect(kpis(await client.report())).toMatchObject({ herd: 2, milking: 2, avg_dim: 105 });
  });
});
