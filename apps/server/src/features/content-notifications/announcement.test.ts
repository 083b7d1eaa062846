import { ANNOUNCEMENT_MAX } from "@nadoy/contract/constants";
import { Role } from "@nadoy/contract/roles";
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contentEditorsApi, newEditor, newPerson } from "../../../test/content-editors.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { announcements, auditLog } from "../../db/schema/index.ts";
import { seedAnnouncement } from "../../db/seed/news.ts";

let t: TestApp;
let api: ReturnType<typeof contentEditorsApi>;

beforeAll(async () => {
  t = await startTestApp();
  api = contentEditorsApi(t);
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const shown = async (token: string) => (await api.userData(token)).json().announcement;

async function auditEntries() {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(inArray(auditLog.action, ["announcement_set", "announcement_cleared"]))
    .orderBy(asc(auditLog.id));
  return rows.map((row) => ({ action: row.action, userId: row.userId, details: JSON.parse(row.details ?? "null") }));
}

describe("the announcement (spec §4)", () => {
  it("is what an editor sets: users/data shows it to everyone, GET answers it", async () => {
    const editor = await newEditor(t);
    const client = await newPerson(t, "client", { roles: [Role.client] });
    expect((await api.announcement(editor.token)).json()).toEqual({ text: null });
    expect(await shown(client.token)).toBeNull();

    const res = await api.setAnnouncement(editor.token, "  В субботу с 22:00 плановые работы  ");

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: "В субботу с 22:00 плановые работы" });
    expect((await api.announcement(editor.token)).json()).toEqual({ text: "В субботу с 22:00 плановые работы" });
    expect(await shown(client.token)).toBe("В субботу с 22:00 плановые работы");
  });

  it("replaces the previous one, which is switched off, and logs before → after", async () => {
    const editor = await newEditor(t);
    const client = await newPerson(t, "client", { roles: [Role.client] });
    const old = await seedAnnouncement(t.database.db, { text: "Старое", createdAt: new Date("2025-01-01T00:00:00Z") });

    await api.setAnnouncement(editor.token, "Первое");
    await api.setAnnouncement(editor.token, "Второе");

    expect(await shown(client.token)).toBe("Второе");
    const active = await t.database.db.select().from(announcements).where(eq(announcements.active, true));
    expect(active.map((a) => a.text)).toEqual(["Второе"]);
    const entries = await auditEntries();
    expect(entries).toEqual([
      {
        action: "announcement_set",
        userId: editor.id,
        details: { id: expect.any(Number), before: "Старое", after: "Первое" },
      },
      {
        action: "announcement_set",
        userId: editor.id,
        details: { id: active[0]?.id, before: "Первое", after: "Второе" },
      },
    ]);
    expect(entries[0]?.details.id).not.toBe(old.id);
  });

  it("is cleared with null: users/data shows none, and the clearing is logged", async () => {
    const editor = await newEditor(t);
    const client = await newPerson(t, "client", { roles: [Role.client] });
    await api.setAnnouncement(editor.token, "Временно");

    const res = await api.setAnnouncement(editor.token, null);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: null });
    expect(await shown(client.token)).toBeNull();
    expect((await api.announcement(editor.token)).json()).toEqual({ text: null });
    const [set, cleared] = await auditEntries();
    expect(cleared).toEqual({
      action: "announcement_cleared",
      userId: editor.id,
      details: { id: set?.details.id, before: "Временно", after: null },
    });
  });

  it("clearing when nothing is shown changes nothing and logs nothing", async () => {
    const editor = await newEditor(t);
    const before = await rowCounts(t.database.db);

    const res = await api.setAnnouncement(editor.token, null);

    expect(res.json()).toEqual({ text: null });
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it.each([
    ["an empty text", { text: "   " }],
    ["a text too long", { text: "а".repeat(ANNOUNCEMENT_MAX + 1) }],
    ["no text", {}],
    ["an unknown field", { text: "x", color: "red" }],
  ])("refuses %s with 400 and changes nothing", async (_name, payload) => {
    const editor = await newEditor(t);
    await api.setAnnouncement(editor.token, "Как было");
    const before = await rowCounts(t.database.db);

    const res = await t.request({ method: "PUT", url: "/api/manage/announcement/", token: editor.token, payload });

    expect(res.statusCode).toBe(400);
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect((await api.announcement(editor.token)).json()).toEqual({ text: "Как было" });
  });
});
