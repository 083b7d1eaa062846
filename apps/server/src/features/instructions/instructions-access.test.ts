import type { ManagedInstruction } from "@nadoy/contract/instructions";
import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type Caller,
  type CallerLabel,
  createCallers,
  expectedStatuses,
  statusByCaller,
} from "../../../test/callers.ts";
import { newEditor } from "../../../test/content-editors.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { type InstructionsApi, instructionsApi } from "./instructions.test-kit.ts";

// Who may call each instructions route (contract instructions.ts header): anonymous, roles 1–7 and a
// superuser. Articles are not per company: there is no other company to try.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

/** Editors get `okStatus`, other signed-in callers 403, anonymous 401. */
const editorsOnly = (okStatus: number) =>
  expectedStatuses(403, { "role 2": okStatus, superuser: okStatus } satisfies Partial<Record<CallerLabel, number>>);

interface RouteCase {
  /** Made fresh for each caller: `article` is published for everyone. */
  call: (api: InstructionsApi, article: ManagedInstruction) => Promise<{ statusCode: number }>;
  expected: Record<CallerLabel, number>;
}

const ROUTES: Record<string, RouteCase> = {
  "GET /api/instructions/": { call: (api) => api.list("корова"), expected: expectedStatuses(200) },
  "GET /api/instructions/:uuid/": { call: (api, a) => api.read(a.uuid), expected: expectedStatuses(200) },
  "GET /api/manage/instructions/": { call: (api) => api.manageList(), expected: editorsOnly(200) },
  "POST /api/manage/instructions/": {
    call: (api) => api.create({ title: "Новая инструкция" }),
    expected: editorsOnly(201),
  },
  "GET /api/manage/instructions/:uuid/": { call: (api, a) => api.get(a.uuid), expected: editorsOnly(200) },
  "PATCH /api/manage/instructions/:uuid/": {
    call: (api, a) => api.update(a.uuid, { title: "Изменённая" }),
    expected: editorsOnly(200),
  },
  "DELETE /api/manage/instructions/:uuid/": { call: (api, a) => api.remove(a.uuid), expected: editorsOnly(204) },
  "PUT /api/manage/instructions/order/": {
    call: async (api) => {
      const all = await instructionsApi(t, editorToken).managed();
      return api.reorder(all.map((a) => a.uuid).reverse());
    },
    expected: editorsOnly(204),
  },
};

let editorToken: string;
let callers: Caller[];

async function setup() {
  editorToken = (await newEditor(t)).token;
  callers = await createCallers(t);
}

describe("instructions: who may call what", () => {
  for (const [name, route] of Object.entries(ROUTES)) {
    it(`${name}: the status each caller gets`, async () => {
      await setup();
      const editor = instructionsApi(t, editorToken);
      const actual = await statusByCaller(callers, async (caller) => {
        const article = await editor.published({ title: "Как доить корову", body: "<p>Корова любит тишину.</p>" });
        return (await route.call(instructionsApi(t, caller.token), article)).statusCode;
      });
      expect(actual).toEqual(route.expected);
    });
  }
});

describe("instructions: an audience of one role", () => {
  it("shows an article for zootechnicians to role 3 and superusers only; others get 404 as for a missing one", async () => {
    await setup();
    const editor = instructionsApi(t, editorToken);
    const forAll = await editor.published({ title: "Для всех" });
    const forZootechs = await editor.published({
      title: "Только зоотехникам",
      audience: { kind: "roles", roles: [Role.zootechnician] },
    });

    const detail = await statusByCaller(
      callers,
      async (c) => (await instructionsApi(t, c.token).read(forZootechs.uuid)).statusCode,
    );
    expect(detail).toEqual(expectedStatuses(404, { "role 3": 200, superuser: 200 }));

    const listed = await statusByCaller(callers, async (c) => {
      const res = await instructionsApi(t, c.token).list();
      if (res.statusCode !== 200) return res.statusCode;
      const titles = res.json<{ title: string }[]>().map((i) => i.title);
      expect(titles).toContain(forAll.title);
      return titles.includes(forZootechs.title) ? 200 : 404;
    });
    expect(listed).toEqual(expectedStatuses(404, { "role 3": 200, superuser: 200 }));

    // A search does not find it either.
    const found = await statusByCaller(callers, async (c) => {
      const res = await instructionsApi(t, c.token).list("зоотехникам");
      if (res.statusCode !== 200) return res.statusCode;
      return res.json<unknown[]>().length > 0 ? 200 : 404;
    });
    expect(found).toEqual(expectedStatuses(404, { "role 3": 200, superuser: 200 }));
  });

  it("shows a draft to no reader, superusers included (editors see it in their own list)", async () => {
    await setup();
    const editor = instructionsApi(t, editorToken);
    const draft = await editor.created({ title: "Черновик" });
    const detail = await statusByCaller(
      callers,
      async (c) => (await instructionsApi(t, c.token).read(draft.uuid)).statusCode,
    );
    expect(detail).toEqual(expectedStatuses(404));
    expect((await editor.managed()).map((a) => a.title)).toEqual(["Черновик"]);
  });

  it("answers 404 for a missing article on reader and editor routes alike", async () => {
    await setup();
    const editor = instructionsApi(t, editorToken);
    const missing = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    expect((await editor.read(missing)).statusCode).toBe(404);
    expect((await editor.get(missing)).statusCode).toBe(404);
    expect((await editor.update(missing, { title: "Нет" })).statusCode).toBe(404);
    expect((await editor.remove(missing)).statusCode).toBe(404);
  });
});
