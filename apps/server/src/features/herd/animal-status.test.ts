import type { HerdAnimalStatus } from "@nadoy/contract/herd";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { workerDatabase } from "../../../test/test-database.ts";
import { type Db, queryRows } from "../../db/client.ts";
import { animalStatusSql } from "./animal-status.ts";

interface Cow {
  lact: number;
  freshDate: string | null;
  dryDate: string | null;
  exit: "sold" | "died" | null;
}

let db: Db;
beforeAll(async () => {
  db = (await workerDatabase()).db;
});

/** The rule evaluated by the database, as both writers of herd_animals evaluate it. */
async function herdAnimalStatus(a: Cow): Promise<HerdAnimalStatus> {
  const [row] = await queryRows<{ status: HerdAnimalStatus }>(
    db,
    sql`select ${animalStatusSql({
      lact: sql`${a.lact}::int`,
      freshDate: sql`${a.freshDate}::date`,
      dryDate: sql`${a.dryDate}::date`,
      exit: sql`${a.exit}::text`,
    })} as status`,
  );
  if (!row) throw new Error("one row");
  return row.status;
}

describe("animalStatusSql", () => {
  it("puts the exit first, then heifer, then dry only when the dry date is of the current lactation", async () => {
    const cow = { lact: 2, freshDate: "2026-01-10", dryDate: null, exit: null } as const;
    expect(await herdAnimalStatus({ ...cow, exit: "sold" })).toBe("sold");
    expect(await herdAnimalStatus({ ...cow, lact: 0, freshDate: null, exit: "died" })).toBe("died");
    expect(await herdAnimalStatus({ ...cow, lact: 0, freshDate: null })).toBe("heifer");
    expect(await herdAnimalStatus(cow)).toBe("milking");
    expect(await herdAnimalStatus({ ...cow, dryDate: "2026-09-01" })).toBe("dry");
    // A file may still carry the previous lactation's dry date: the later calving wins.
    expect(await herdAnimalStatus({ ...cow, dryDate: "2025-11-20" })).toBe("milking");
    expect(await herdAnimalStatus({ ...cow, freshDate: null, dryDate: "2025-11-20" })).toBe("dry");
  });
});
