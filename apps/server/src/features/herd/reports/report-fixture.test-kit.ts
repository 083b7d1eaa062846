import type { TestApp } from "../../../../test/test-app.ts";
import { herdEvents, herdLactations } from "../../../db/schema/index.ts";
import { type AnimalInput, seedAnimals } from "../herd.test-kit.ts";
import { markReportFactsStale } from "./report-facts.ts";

// A report test's hand-made herd: each animal with its lactations and events, in three inserts;
// the reproduction facts marked stale, as a commit marks them.

export interface Life {
  animal: Omit<AnimalInput, "databaseId" | "birthDate">;
  /** [lactation, fresh date] */
  lactations?: [number, string][];
  /** [date, code, lactation, remark] */
  events?: [string, string, number, string?][];
}

/** Inserts the animals (each born on its own day, so barn number + birth date is unique). */
export async function seedLives(t: TestApp, databaseId: number, lives: Life[]): Promise<void> {
  const birth = (i: number) => new Date(Date.UTC(2010, 0, 1 + i)).toISOString().slice(0, 10);
  const ids = await seedAnimals(
    t,
    databaseId,
    lives.map((life, i) => ({ ...life.animal, birthDate: birth(i) })),
  );
  const idOf = (i: number) => {
    const life = lives[i];
    const found = life && ids[`${life.animal.barnNumber}/${birth(i)}`];
    if (!found) throw new Error("animal inserted");
    return found.id;
  };
  const lactations = lives.flatMap((life, i) =>
    (life.lactations ?? []).map(([lact, freshDate]) => ({ databaseId, animalId: idOf(i), lact, freshDate })),
  );
  const events = lives.flatMap((life, i) =>
    (life.events ?? []).map(([eventDate, code, lact, remark]) => ({
      databaseId,
      animalId: idOf(i),
      eventDate,
      code,
      lact,
      remark: remark ?? "",
    })),
  );
  if (lactations.length > 0) await t.database.db.insert(herdLactations).values(lactations);
  if (events.length > 0) await t.database.db.insert(herdEvents).values(events);
  // As an upload's commit does: the reports' facts are written again by the next report.
  await markReportFactsStale(t.database.db, databaseId);
}
