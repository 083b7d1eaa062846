import {
  HERD_UPLOAD_NO_COUNTS,
  type HerdDataset,
  type HerdUploadCreated,
  type HerdUploadRecord,
} from "@nadoy/contract/herd";
import type { UserData } from "@nadoy/contract/users";
import { vi } from "vitest";
import { DB } from "../../shared/herd/test-fixtures.ts";
import { userDataFixture } from "../../test/fixtures.ts";
import { mockSignedIn } from "../../test/signed-in.ts";

export { animalCard, animalRow, COW, DB } from "../../shared/herd/test-fixtures.ts";

export { holdRequests } from "../../test/hold-requests.ts";

// Fixtures of the herd pages' tests, shaped as contract herd.ts says (uuids are real: the
// answers go through the contract's schemas).

export const DB2 = "2b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9";
export const UPLOAD = "3b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9";
const COMPANY = { uuid: "5b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9", name: "АО Молочный край" };
const FARM = { uuid: "6b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9", name: "Ферма Заречная" };

const herdDb = (uuid: string, name: string) => ({
  pk: 1,
  uuid,
  name,
  server: "db1.nadoy.local",
  db_name: "herd",
  active: true,
  kind: "herd" as const,
});

/** A zootechnician with DC305 uploads and one herd database (plus a monitoring one, never offered). */
export function herdUser(overrides: Partial<UserData> = {}): UserData {
  return userDataFixture({
    dc_305: true,
    user_databases: [
      herdDb(DB, "Стадо Заречная"),
      { ...herdDb("7b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9", "Мониторинг"), kind: "monitoring" },
    ],
    ...overrides,
  });
}

export function secondHerdDb() {
  return herdDb(DB2, "Стадо Луговое");
}

type Handlers = Parameters<typeof mockSignedIn>[1];

export function serveHerd(extra: Handlers = {}, user: UserData = herdUser()) {
  return mockSignedIn(user, extra);
}

export { renderPage } from "../../test/render-page.tsx";

const noCounts = HERD_UPLOAD_NO_COUNTS;

export function uploadCreated(): HerdUploadCreated {
  return {
    upload_uuid: UPLOAD,
    format: "dc305",
    kind: "events",
    preview: {
      ...noCounts,
      rows: 1250,
      animals_new: 12,
      animals_changed: 340,
      animals_unchanged: 7,
      events_new: 1180,
      events_unchanged: 45,
      rows_refused: 25,
      errors: Array.from({ length: 25 }, (_, i) => ({ line: i + 2, message: `Неверная дата в строке ${i + 2}` })),
      items: { mapped: [{ item: "ID", field: "Номер" }], kept: ["MGSID", "305ME"] },
    },
  };
}

export function commitResult() {
  return {
    ...noCounts,
    rows: 1250,
    animals_new: 12,
    animals_changed: 340,
    events_new: 1180,
    rows_refused: 25,
    errors: [],
  };
}

export function uploadRecord(overrides: Partial<HerdUploadRecord> = {}): HerdUploadRecord {
  return {
    upload_uuid: UPLOAD,
    database: { uuid: DB, name: "Стадо Заречная" },
    user: { id: 42, name: "Иван Петров" },
    file_name: "events-2026.csv",
    size_bytes: 1_468_006,
    format: "dc305",
    kind: "events",
    status: "committed",
    counts: { ...noCounts, rows: 1250, animals_new: 12, events_new: 1180 },
    errors_count: 25,
    duration_ms: 4200,
    created_at: "2026-11-22T09:00:00.000Z",
    committed_at: "2026-11-22T09:01:00.000Z",
    ...overrides,
  };
}

export function dataset(overrides: Partial<HerdDataset> = {}): HerdDataset {
  return {
    uuid: DB,
    name: "Стадо Заречная",
    company: COMPANY,
    farm: FARM,
    animals_by_status: { milking: 1234, dry: 150, heifer: 420, sold: 80, died: 0 },
    events: { count: 25_410, from: "2024-01-15", to: "2026-11-21" },
    test_days: { count: 0, from: null, to: null },
    last_upload: uploadRecord(),
    can_upload: true,
    ...overrides,
  };
}

/**
 * A checked test-day table: «Номер» and «Удой» guessed, «Дата замера» kept, so the required «Дата
 * контрольной дойки» is missing; 3 rows, 1 refused.
 */
export function spreadsheetCreated(overrides: Partial<HerdUploadCreated> = {}): HerdUploadCreated {
  return {
    upload_uuid: UPLOAD,
    format: "spreadsheet",
    kind: "test_days",
    preview: {
      ...noCounts,
      rows: 3,
      animals_new: 2,
      test_days_new: 2,
      rows_refused: 1,
      errors: [{ line: 4, message: "Неверная дата «31.02.2026»" }],
      items: { mapped: [], kept: [] },
    },
    spreadsheet: {
      file_type: "csv",
      mapping_source: "guessed",
      columns: [
        { column: "Номер", field: "barn_number", sample: "1234" },
        { column: "Дата замера", field: null, sample: "10.11.2026" },
        { column: "Удой", field: "milk_kg", sample: "38,5" },
      ],
      missing: ["Дата контрольной дойки"],
    },
    ...overrides,
  };
}

const PROGRESS = /^\/api\/herd\/uploads\/progress\/[0-9a-f-]{36}\/$/;

/**
 * Answers the server-phase poll with `phase` (its path carries a uuid the page makes, so it is
 * matched by shape, over the mocked API); returns the paths polled.
 */
export function answerProgress(phase = { phase: "check", rows: 120 }): string[] {
  const polls: string[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (!PROGRESS.test(url.pathname)) return inner(input, init);
    polls.push(url.pathname);
    return new Response(JSON.stringify(phase), { status: 200 });
  });
  return polls;
}
