import {
  HERD_PAGE_SIZE,
  type HerdAnimalCard,
  type HerdAnimalsPage,
  type HerdAnimalsQuery,
  type HerdDataset,
  type HerdEventsPage,
  type HerdEventsQuery,
  type HerdUploadRecord,
} from "@nadoy/contract/herd";
import type { HerdMyUpload } from "@nadoy/contract/herd-spreadsheet";
import type { Db } from "../../db/client.ts";
import { canUploadHerd } from "../../platform/access/herd-upload.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import * as animals from "./animals.repository.ts";
import * as card from "./card.repository.ts";
import { listDatasets } from "./datasets.repository.ts";
import * as events from "./events.repository.ts";
import { herdDatabaseFor, notFound } from "./herd-access.ts";
import { readableHerdDatabaseIds } from "./herd-databases.ts";
import { animalOut, datasetOut, eventOut, uploadOut } from "./herd-dto.ts";
import { herdToday } from "./herd-today.ts";
import { segmentFilter } from "./segments/segments.service.ts";
import { listUploads, listUserUploads } from "./uploads.repository.ts";

// The read side of herd data (contract herd.ts): every call first resolves the database the
// caller may read (herd-access.ts: 404 / 409), then reads only within it.

const pageOf = (page: number) => ({ limit: HERD_PAGE_SIZE, offset: (page - 1) * HERD_PAGE_SIZE });

/** Attribute values as text (the contract's name → last value), whatever the importer stored. */
const attributesOut = (stored: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(stored ?? {})
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]),
  );

export function createHerdService(db: Db, now: () => Date = () => new Date()) {
  return {
    async animals(caller: AuthUser, dbUuid: string, query: HerdAnimalsQuery): Promise<HerdAnimalsPage> {
      const database = await herdDatabaseFor(db, caller, dbUuid);
      const today = herdToday(now());
      const segment = await segmentFilter(db, database.id, caller.id, query, today);
      const page = await animals.listAnimals(db, database.id, query, today, pageOf(query.page), segment);
      return { total: page.total, page: query.page, page_size: HERD_PAGE_SIZE, items: page.items.map(animalOut) };
    },

    /** The card: the animal, then its lactations, events and test days (three fixed queries). */
    async animal(caller: AuthUser, dbUuid: string, animalUuid: string): Promise<HerdAnimalCard> {
      const database = await herdDatabaseFor(db, caller, dbUuid);
      const animal = await animals.findAnimal(db, database.id, animalUuid, herdToday(now()));
      if (!animal) throw notFound();
      const [lactations, timeline, testDays] = await Promise.all([
        card.lactations(db, database.id, animal.id, animal.exit_date),
        events.animalEvents(db, database.id, animal.id),
        card.testDays(db, database.id, animal.id),
      ]);
      return {
        ...animalOut(animal),
        sire: animal.sire,
        dam: animal.dam,
        exit_reason: animal.exit_reason,
        attributes: attributesOut(animal.attributes),
        lactations,
        events: timeline.map(eventOut),
        test_days: testDays,
      };
    },

    async events(caller: AuthUser, dbUuid: string, query: HerdEventsQuery): Promise<HerdEventsPage> {
      const database = await herdDatabaseFor(db, caller, dbUuid);
      const page = await events.listEvents(db, database.id, query, pageOf(query.page));
      return {
        total: page.total,
        page: query.page,
        page_size: HERD_PAGE_SIZE,
        items: page.items.map((row) => ({
          ...eventOut(row),
          animal: { uuid: row.animal_uuid, barn_number: row.barn_number },
        })),
      };
    },

    async uploads(caller: AuthUser, dbUuid: string): Promise<HerdUploadRecord[]> {
      const database = await herdDatabaseFor(db, caller, dbUuid);
      return (await listUploads(db, database.id)).map(uploadOut);
    },

    /** The caller's own uploads into the herd databases they may still read. */
    async myUploads(caller: AuthUser, format: string | undefined): Promise<HerdMyUpload[]> {
      const ids = await readableHerdDatabaseIds(db, caller);
      return (await listUserUploads(db, ids, caller.id, format)).map((r) => ({
        ...uploadOut(r),
        errors: r.errors.map((e) => ({ line: Number(e.line), message: String(e.message) })),
      }));
    },

    async datasets(caller: AuthUser): Promise<HerdDataset[]> {
      const canUpload = canUploadHerd(caller);
      return (await listDatasets(db, caller)).map((row) => datasetOut(row, canUpload));
    },
  };
}
