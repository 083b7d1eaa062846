import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resetDatabase, workerDatabase } from "../../../../test/test-database.ts";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../../db/client.ts";
import { herdAnimals, userDatabases } from "../../../db/schema/index.ts";
import { seedDemo } from "../../../db/seed/demo.ts";
import { type DemoHerdProgress, demoHerdProgressText, seedDemoHerds } from "./seed-demo-herds.ts";

// The first start's demo herds: every demo herd database found empty is loaded, with its progress
// printed; one that has animals is left alone. Three of the four are given an animal first, so
// only the smallest (the archive) loads here.

let database: Database;

beforeAll(async () => {
  database = await workerDatabase();
  await resetDatabase(database);
  await seedDemo(database.db);
});

describe("seedDemoHerds", () => {
  it("loads the demo herd databases still empty, prints their progress, and leaves the others", async () => {
    const herds = await database.db
      .select({ id: userDatabases.id, name: userDatabases.name, dbName: userDatabases.dbName })
      .from(userDatabases)
      .where(eq(userDatabases.kind, "herd"));
    expect(herds.map((h) => h.dbName).sort()).toEqual([
      "herd_main",
      "herd_sibniva",
      "herd_sysert",
      "herd_ural_archive",
    ]);
    const archive = herds.find((h) => h.dbName === "herd_ural_archive");
    for (const h of herds.filter((h) => h !== archive)) {
      await database.db.insert(herdAnimals).values({ databaseId: h.id, barnNumber: "1", status: "heifer" });
    }

    const lines: string[] = [];
    const results = await seedDemoHerds(database.db, {
      today: "2026-11-26",
      onProgress: (p: DemoHerdProgress) => lines.push(demoHerdProgressText(p)),
    });
    expect(results.map((r) => `${r.name}: ${r.state}`).sort()).toEqual(
      herds.map((h) => `${h.name}: ${h === archive ? "loaded" : "present"}`).sort(),
    );
    expect(lines).toEqual([
      `Демо-стадо — ${archive?.name}: загрузка…`,
      expect.stringMatching(/^Демо-стадо — Архив стада 2019–2022: в доении [\d\s]+, животных [\d\s]+, .* за [\d,]+ с$/),
    ]);
    // The archive ends where its name says.
    const [span] = await queryRows<{ animals: number; last: string }>(
      database.db,
      sql`select (select count(*)::int from herd_animals where database_id = ${archive?.id}) as animals,
        (select to_char(max(event_date), 'YYYY-MM-DD') from herd_events where database_id = ${archive?.id}) as last`,
    );
    expect(span?.animals).toBeGreaterThan(500);
    expect(span?.last && span.last >= "2022-12-01" && span.last <= "2022-12-31").toBe(true);

    // A second start finds every herd there and says nothing.
    lines.length = 0;
    const again = await seedDemoHerds(database.db, {
      today: "2026-11-26",
      onProgress: (p) => lines.push(demoHerdProgressText(p)),
    });
    expect(again.every((r) => r.state === "present")).toBe(true);
    expect(lines).toEqual([]);
  });
});
