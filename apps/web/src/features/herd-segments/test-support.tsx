import { parseSegmentText } from "@nadoy/contract/herd-segment-rule";
import type { HerdSegment } from "@nadoy/contract/herd-segments";
import type { UserData } from "@nadoy/contract/users";
import { DB } from "../../shared/herd/test-fixtures.ts";
import { userDataFixture } from "../../test/fixtures.ts";
import type { RecordedCall } from "../../test/mock-api.ts";
import { mockSignedIn } from "../../test/signed-in.ts";

export { animalRow, COW, DB } from "../../shared/herd/test-fixtures.ts";
export { renderPage } from "../../test/render-page.tsx";

// Fixtures of the segmentation pages' tests, shaped as contract herd-segments.ts says (uuids are
// real: the answers go through the contract's schemas).

export const SEGMENT = "8b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9";
export const SEGMENTS = `/api/herd/${DB}/segments/`;
export const COUNT = `/api/herd/${DB}/segments/count/`;

/** A zootechnician (role 3) with one herd database to segment. */
export function segmentUser(overrides: Partial<UserData> = {}): UserData {
  return userDataFixture({
    database_segmentation: [{ uuid: DB, name: "Стадо Заречная", active: true }],
    ...overrides,
  });
}

export function segment(overrides: Partial<HerdSegment> = {}): HerdSegment {
  const text = overrides.text ?? "LACT=1 DIM<100";
  return {
    uuid: SEGMENT,
    name: "Первотёлки до 100 дней",
    text,
    rule: parseSegmentText(text),
    shared: true,
    active: true,
    owner: { id: 42, name: "Иван Петров" },
    editable: true,
    created_at: "2026-11-20T09:00:00.000Z",
    updated_at: "2026-11-20T09:00:00.000Z",
    ...overrides,
  };
}

/** The count route answering `counts[text]` (0 for any other text), with the text's canonical rule. */
export function countAnswer(counts: Record<string, number>) {
  return (call: RecordedCall) => {
    const text = (call.body as { text: string }).text;
    return { status: 200, body: { count: counts[text] ?? 0, text, rule: parseSegmentText(text) } };
  };
}

type Handlers = Parameters<typeof mockSignedIn>[1];

export function serveSegments(extra: Handlers = {}, user: UserData = segmentUser()) {
  return mockSignedIn(user, extra);
}

/** The bodies of the count requests, in order. */
export const countBodies = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === COUNT).map((call) => call.body);
