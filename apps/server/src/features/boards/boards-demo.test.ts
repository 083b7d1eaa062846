import type { Workspace } from "@nadoy/contract/boards";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { companies, users } from "../../db/schema/index.ts";
import { DEMO_BOARD_NAME, DEMO_WORKSPACE_NAME, seedDemoBoards } from "../../db/seed/boards.ts";
import { seedDemo } from "../../db/seed/demo.ts";
import { boardApi, ok } from "./boards.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

describe("boards: demo data", () => {
  it("gives the demo farm a spring board its people can open, once", async () => {
    await seedDemo(t.database.db);
    const ids = Object.fromEntries(
      (await t.database.db.select({ id: users.id, username: users.username }).from(users)).map((u) => [
        u.username,
        u.id,
      ]),
    ) as Record<string, number>;
    const zootech = boardApi(t, await accessTokenFor(t, ids.zootech ?? 0));

    const [workspace] = ok<Workspace[]>(await zootech.workspaces(), 200);
    expect(workspace?.name).toBe(DEMO_WORKSPACE_NAME);
    expect(workspace?.boards.map((b) => b.name)).toEqual([DEMO_BOARD_NAME]);
    const state = await zootech.state(workspace?.boards[0]?.uuid ?? "");
    expect(state.groups.map((g) => g.name)).toEqual(["К выполнению", "В работе", "На проверке", "Готово"]);
    const cards = state.groups.flatMap((g) => g.tasks);
    expect(cards.length).toBeGreaterThanOrEqual(10);
    expect(cards.length).toBeLessThanOrEqual(14);
    expect(state.projects.map((p) => p.name)).toEqual(["Корма", "Ремонт техники"]);
    expect(cards.some((c) => c.comments_count > 0 && c.checklist_total > 0 && c.tags.length > 0)).toBe(true);
    expect(cards.filter((c) => c.due_date !== null && c.assignee_ids.length > 0).length).toBeGreaterThan(5);
    const members = new Set(state.members.map((m) => m.id));
    expect(cards.every((c) => c.assignee_ids.every((id) => members.has(id)))).toBe(true);

    // Seeding again changes nothing.
    const before = await rowCounts(t.database.db);
    const [company] = await t.database.db.select({ id: companies.id }).from(companies);
    const people = {
      admin: ids.admin ?? 0,
      zootech: ids.zootech ?? 0,
      viewer: ids.viewer ?? 0,
      client: ids.client ?? 0,
    };
    expect(await seedDemoBoards(t.database.db, company?.id ?? 0, people)).toBe(state.board.uuid);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});
