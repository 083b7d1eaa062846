import type { HerdReport } from "@nadoy/contract/herd-reports";
import type { HerdSegment } from "@nadoy/contract/herd-segments";
import type { UserData } from "@nadoy/contract/users";
import { animalCard, animalRow, COW, DB } from "../../shared/herd/test-fixtures.ts";
import { userDataFixture } from "../../test/fixtures.ts";
import { mockSignedIn } from "../../test/signed-in.ts";

export { renderPage } from "../../test/render-page.tsx";
export { COW, DB };

// Fixtures of the report page's tests, shaped as contract herd-reports.ts says (uuids are real:
// the answers go through the contract's schemas).

export const SEGMENT = "8b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9";
export const REPORT = `/api/herd/${DB}/reports/1/`;
export const DRILL = `${REPORT}animals/`;

export function reportUser(): UserData {
  return userDataFixture({
    user_databases: [
      {
        pk: 1,
        uuid: DB,
        name: "Стадо Заречная",
        server: "db1.nadoy.local",
        db_name: "herd",
        active: true,
        kind: "herd",
      },
    ],
  });
}

/** Report 1 with two KPIs moving opposite ways, one table and one monthly bar chart. */
export function report1(overrides: Partial<HerdReport> = {}): HerdReport {
  return {
    report: 1,
    title: "Структура стада",
    period: { from: "2025-11-27", to: "2026-11-26" },
    compare: { from: "2024-11-27", to: "2025-11-26" },
    today: "2026-11-26",
    kpis: [
      {
        key: "herd",
        label: "Поголовье",
        unit: "гол.",
        value: 640,
        compare_value: null,
        better: null,
        drill: "t-herd",
        hint: "Дойные, сухостойные коровы и тёлки в стаде сегодня.",
      },
      {
        key: "born",
        label: "Родилось",
        unit: "гол.",
        value: 120,
        compare_value: 100,
        better: "higher",
        drill: "t-born",
        hint: "Телята, родившиеся за период.",
      },
      {
        key: "died",
        label: "Пало",
        unit: "гол.",
        value: 9,
        compare_value: 6,
        better: "lower",
        drill: "t-died",
        hint: "Животные, павшие за период.",
      },
      {
        key: "dry_share",
        label: "Доля сухостойных",
        unit: "%",
        value: 21,
        compare_value: null,
        better: null,
        drill: null,
        hint: "Сухостойные ÷ коровы × 100 сегодня.",
        band: { q1: 12, median: 14.5, q3: 16, farms: 9 },
      },
    ],
    tables: [
      {
        key: "by_lact",
        title: "По лактациям",
        columns: [
          { key: "milking", label: "Дойные", unit: "гол." },
          { key: "dry", label: "Сухостойные", unit: "гол." },
        ],
        rows: [
          {
            key: "1",
            label: "1-я лактация",
            cells: { milking: { value: 200, drill: "t-l1-milking" }, dry: { value: 12, drill: "t-l1-dry" } },
          },
        ],
      },
    ],
    charts: [
      {
        key: "births",
        title: "Рождения по месяцам",
        kind: "bar",
        unit: "гол.",
        x: ["2026-03", "2026-04"],
        series: [{ key: "born", label: "Родилось", values: [7, 0], drills: ["t-born-03", null] }],
      },
    ],
    ...overrides,
  };
}

export function segment(): HerdSegment {
  return {
    uuid: SEGMENT,
    name: "Свежие",
    text: "DIM<60",
    rule: { join: "and", items: [] },
    shared: false,
    active: true,
    owner: { id: 1, name: "Иван Петров" },
    editable: true,
    created_at: "2026-11-01T09:00:00.000Z",
    updated_at: "2026-11-01T09:00:00.000Z",
  };
}

export function dataset(animals: number) {
  return {
    uuid: DB,
    name: "Стадо Заречная",
    company: { uuid: "5b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9", name: "АО Молочный край" },
    farm: null,
    animals_by_status: { milking: animals, dry: 0, heifer: 0, sold: 0, died: 0 },
    events: { count: 0, from: null, to: null },
    test_days: { count: 0, from: null, to: null },
    last_upload: null,
    can_upload: true,
  };
}

type Handlers = Parameters<typeof mockSignedIn>[1];

/** The report, its animals (12 of them), one saved segment and a database with animals. */
export function serveReport(extra: Handlers = {}) {
  return mockSignedIn(reportUser(), {
    [`GET ${REPORT}`]: { status: 200, body: report1() },
    [`GET ${DRILL}`]: { status: 200, body: { total: 12, page: 1, page_size: 50, items: [animalRow()] } },
    [`GET /api/herd/${DB}/segments/`]: { status: 200, body: [segment()] },
    "GET /api/herd/datasets/": { status: 200, body: [dataset(640)] },
    [`GET /api/herd/${DB}/animals/${COW}/`]: { status: 200, body: animalCard() },
    ...extra,
  });
}
