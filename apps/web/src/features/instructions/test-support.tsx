import type { Attachment } from "@nadoy/contract/attachments";
import type { InstructionDetail, InstructionItem, ManagedInstruction } from "@nadoy/contract/instructions";
import type { UserData } from "@nadoy/contract/users";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../../app/providers.tsx";
import { createQueryClient } from "../../shared/lib/query-client.ts";
import { userDataFixture } from "../../test/fixtures.ts";
import { mockSignedIn } from "../../test/signed-in.ts";
import type { ManagedInstructionRow } from "./api.ts";
import { ManageInstructionsPage } from "./pages/ManageInstructionsPage.tsx";

// Fixtures of the instructions tests (answers shaped as contract instructions.ts says).

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export const MANUAL: Attachment = {
  uuid: uuid(900),
  name: "Руководство.pdf",
  size: 340 * 1024,
  mime: "application/pdf",
};

/** A content editor (role 2). */
export function editorData(overrides: Partial<UserData> = {}): UserData {
  return userDataFixture({ groups: [2], ...overrides });
}

export function managedFixture(overrides: Partial<ManagedInstruction> = {}): ManagedInstruction {
  return {
    uuid: uuid(1),
    title: "Как загрузить отчёт",
    body: "<p>Откройте раздел отчётов</p>",
    attachments: [],
    position: 1,
    published: true,
    audience: { kind: "all" },
    updated_by: { id: 5, name: "Мария Редактор" },
    created_at: "2026-03-01T09:00:00.000Z",
    updated_at: "2026-03-02T10:30:00.000Z",
    ...overrides,
  };
}

export const rowOf = ({ body: _body, attachments: _attachments, ...rest }: ManagedInstruction): ManagedInstructionRow =>
  rest;

export function itemFixture(overrides: Partial<InstructionItem> = {}): InstructionItem {
  return {
    uuid: uuid(1),
    title: "Как загрузить отчёт",
    snippet: "Откройте раздел отчётов",
    updated_at: "2026-03-02T10:30:00.000Z",
    ...overrides,
  };
}

export function detailFixture(overrides: Partial<InstructionDetail> = {}): InstructionDetail {
  return {
    uuid: uuid(1),
    title: "Как загрузить отчёт",
    body: "<p>Откройте раздел отчётов</p>",
    attachments: [],
    updated_at: "2026-03-02T10:30:00.000Z",
    ...overrides,
  };
}

type Handlers = Parameters<typeof mockSignedIn>[1];

/** Signed in as an editor (or `user`), with more answers in `extra`. */
export function serveEditor(extra: Handlers = {}, user: UserData = editorData()) {
  return mockSignedIn(user, extra);
}

/** The editors' page on its own (the lead wires /manage-instructions into the app's routes). */
export function renderManagePage() {
  const router = createMemoryRouter([{ path: "/manage-instructions", element: <ManageInstructionsPage /> }], {
    initialEntries: ["/manage-instructions"],
  });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
