import type { ManagedNews } from "@nadoy/contract/content";
import type { UserData } from "@nadoy/contract/users";
import { COMPANY_FIXTURE, userDataFixture } from "../../test/fixtures.ts";
import { mockSignedIn } from "../../test/signed-in.ts";

// Fixtures of the news pages' tests (answers shaped as contract content.ts says).

export const COVER_UUID = "3f2b8c1e-5d4a-4b6c-9e7f-1a2b3c4d5e6f";
export const COMPANY = COMPANY_FIXTURE;
export const OTHER_COMPANY = { uuid: "9b2e1d3f-4c5e-4f6a-9b7c-8d9e0f1a2b3c", name: "ООО Рассвет" };

/** A content editor (role 2) in one company. */
export function editorData(overrides: Partial<UserData> = {}): UserData {
  return userDataFixture({ groups: [2], user_companies: [COMPANY], ...overrides });
}

export function managedNewsFixture(overrides: Partial<ManagedNews> = {}): ManagedNews {
  return {
    id: 7,
    title: "Новый корм в продаже",
    excerpt: "Коротко о новинке",
    body: "<p>Текст</p>",
    cover_url: null,
    cover_image_uuid: null,
    publish_at: null,
    status: "draft",
    audience: { kind: "all" },
    created_by: { id: 5, name: "Мария Редактор" },
    updated_by: { id: 5, name: "Мария Редактор" },
    created_at: "2026-03-01T09:00:00.000Z",
    updated_at: "2026-03-02T10:30:00.000Z",
    ...overrides,
  };
}

export const summaryOf = ({ body: _body, ...rest }: ManagedNews) => rest;

type Handlers = Parameters<typeof mockSignedIn>[1];

/** Signed in as an editor, with more answers in `extra`. */
export function serveEditor(extra: Handlers = {}, user: UserData = editorData()) {
  return mockSignedIn(user, extra);
}
