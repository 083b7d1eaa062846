import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { reportsAudit, reportsWorld } from "./reports.test-kit.ts";

// The admins' iframe groups (contract reports.ts): reports in the given order, unknown reports
// refused with nothing written, users counted, every change audited.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const UNKNOWN = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

describe("iframe groups", () => {
  it("keeps the reports in the order given (a repeated one where it first came) and counts its users", async () => {
    const w = await reportsWorld(t);
    const a = await w.admin.newReport({ title: "А-отчёт" });
    const b = await w.admin.newReport({ title: "Б-отчёт", active: false });
    const c = await w.admin.newReport({ title: "В-отчёт" });

    const group = await w.admin.newGroup({
      title: " Молочное производство ",
      report_uuids: [c.uuid, a.uuid, c.uuid, b.uuid],
    });
    expect(group).toEqual({
      pk: expect.any(Number),
      title: "Молочное производство",
      img_uuid: null,
      img: null,
      active: true,
      reports: [
        { uuid: c.uuid, title: "В-отчёт", active: true },
        { uuid: a.uuid, title: "А-отчёт", active: true },
        { uuid: b.uuid, title: "Б-отчёт", active: false },
      ],
      users_count: 0,
    });

    const reordered = await w.admin.patchedGroup(group.pk, { report_uuids: [b.uuid, c.uuid] });
    expect(reordered.reports.map((r) => r.title)).toEqual(["Б-отчёт", "В-отчёт"]);
    const renamed = await w.admin.patchedGroup(group.pk, { title: "Надои" });
    expect(renamed.reports.map((r) => r.title)).toEqual(["Б-отчёт", "В-отчёт"]);

    const empty = await w.admin.newGroup({ title: "Архив" });
    await w.give("role 7", { groups: [group.pk, empty.pk] });
    await w.give("role 3", { groups: [group.pk] });
    expect((await w.admin.groups()).map((g) => [g.title, g.users_count, g.reports.length])).toEqual([
      ["Архив", 1, 0],
      ["Надои", 2, 2],
    ]);
  });

  it("refuses unknown reports, images and groups, and writes nothing", async () => {
    const w = await reportsWorld(t);
    const report = await w.admin.newReport({ title: "Отчёт" });
    const group = await w.admin.newGroup({ title: "Группа", report_uuids: [report.uuid] });
    const before = await rowCounts(t.database.db);

    const unknownReport = await w.admin.createGroup({ title: "Новая", report_uuids: [report.uuid, UNKNOWN] });
    expect(unknownReport.statusCode).toBe(400);
    expect(unknownReport.json()).toEqual({
      code: "validation_error",
      message: "Проверьте введённые данные",
      fields: { report_uuids: "Некоторых отчётов больше нет" },
    });
    const patched = await w.admin.updateGroup(group.pk, { title: "Другая", report_uuids: [UNKNOWN] });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fields).toEqual({ report_uuids: "Некоторых отчётов больше нет" });
    const image = await w.admin.updateGroup(group.pk, { img_uuid: UNKNOWN });
    expect(image.json().fields).toEqual({ img_uuid: "Изображение не найдено — загрузите его заново" });
    expect((await w.admin.createGroup({ title: "" })).statusCode).toBe(400);
    expect((await w.admin.createGroup({ title: "Г", report_uuids: ["x"] })).statusCode).toBe(400);
    expect((await w.admin.updateGroup(999_999, { title: "Нет" })).statusCode).toBe(404);
    expect((await w.admin.deleteGroup(999_999)).statusCode).toBe(404);

    expect(await rowCounts(t.database.db)).toEqual(before);
    expect((await w.admin.groups())[0]?.reports.map((r) => r.uuid)).toEqual([report.uuid]);
  });

  it("deletes a group: its reports stay, its users lose it", async () => {
    const w = await reportsWorld(t);
    const report = await w.admin.newReport({ title: "Отчёт" });
    const group = await w.admin.newGroup({ title: "Группа", report_uuids: [report.uuid] });
    await w.give("role 7", { groups: [group.pk] });
    expect((await w.apiOf("role 7").portalOk()).groups).toHaveLength(1);

    expect((await w.admin.deleteGroup(group.pk)).statusCode).toBe(204);
    expect((await w.admin.deleteGroup(group.pk)).statusCode).toBe(404);
    expect(await w.apiOf("role 7").portalOk()).toEqual({ reports: [], groups: [] });
    expect((await w.admin.reports()).map((r) => [r.title, r.groups])).toEqual([["Отчёт", []]]);
  });

  it("audits creation, changes and deletion with {id, before, after}", async () => {
    const w = await reportsWorld(t);
    const admin = w.apiOf("role 1");
    const report = await admin.newReport({ title: "Отчёт" });
    const group = await admin.newGroup({ title: "Группа" });
    await admin.patchedGroup(group.pk, { active: false, report_uuids: [report.uuid] });
    expect((await admin.deleteGroup(group.pk)).statusCode).toBe(204);

    const initial = { title: "Группа", img_uuid: null, active: true, reports: [] };
    const changed = { ...initial, active: false, reports: [{ uuid: report.uuid, title: "Отчёт" }] };
    const entries = (await reportsAudit(t)).filter((e) => e.action.startsWith("iframe_group_"));
    expect(entries.map(({ action, userId, details }) => ({ action, userId, details }))).toEqual([
      {
        action: "iframe_group_created",
        userId: w.idOf("role 1"),
        details: { id: group.pk, before: null, after: initial },
      },
      {
        action: "iframe_group_updated",
        userId: w.idOf("role 1"),
        details: { id: group.pk, before: initial, after: changed },
      },
      {
        action: "iframe_group_deleted",
        userId: w.idOf("role 1"),
        details: { id: group.pk, before: changed, after: null },
      },
    ]);
  });

  it("leaves no audit entry for a change that changes nothing", async () => {
    const w = await reportsWorld(t);
    const report = await w.admin.newReport({ title: "Отчёт" });
    const group = await w.admin.newGroup({ title: "Группа", report_uuids: [report.uuid] });
    const updates = async () => (await reportsAudit(t)).filter((e) => e.action === "iframe_group_updated");

    await w.admin.patchedGroup(group.pk, {});
    await w.admin.patchedGroup(group.pk, { title: "Группа", active: true, img_uuid: null });
    await w.admin.patchedGroup(group.pk, { report_uuids: [report.uuid, report.uuid] });
    expect(await updates()).toEqual([]);

    await w.admin.patchedGroup(group.pk, { title: "Группа", report_uuids: [] });
    expect((await updates()).map((e) => e.details)).toEqual([
      {
        id: group.pk,
        before: { title: "Группа", img_uuid: null, active: true, reports: [{ uuid: report.uuid, title: "Отчёт" }] },
        after: { title: "Группа", img_uuid: null, active: true, reports: [] },
      },
    ]);
  });
});
