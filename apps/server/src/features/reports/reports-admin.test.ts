import { generateKeyPairSync } from "node:crypto";
import type { AdminReport } from "@nadoy/contract/reports";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { solidPng } from "../../db/seed/png.ts";
import { ok, reportsAudit, reportsWorld } from "./reports.test-kit.ts";

// The admins' report catalogue (contract reports.ts): create, list, change, delete; signed
// providers need a resource id and a key; refused input writes nothing; every change is audited.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const UNKNOWN = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const RSA_PEM = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();

describe("the report catalogue", () => {
  it("creates a report with defaults and lists it with its groups, company and users", async () => {
    const w = await reportsWorld(t);
    const admin = w.apiOf("role 1");
    const { uuid: img } = ok<{ uuid: string }>(await admin.upload("надои.png", solidPng(2, 2, [9, 9, 9])), 201);
    const created = await admin.newReport({
      title: "  Надои по фермам ",
      tag: "business_milk",
      url: "https://bi.example/milk",
      img_uuid: img,
      company_uuid: w.company.uuid,
    });
    expect(created).toEqual({
      pk: expect.any(Number),
      uuid: expect.any(String),
      title: "Надои по фермам",
      tag: "business_milk",
      img_uuid: img,
      img: `/api/content/images/${img}/`,
      active: true,
      provider: "url",
      url: "https://bi.example/milk",
      resource_id: "",
      restrict_param: null,
      has_secret: false,
      company: { uuid: w.company.uuid, name: "Агрохолдинг Заря" },
      groups: [],
      users_count: 0,
      updated_at: expect.any(String),
    });

    const other = await admin.newReport({ title: "Архив" });
    const group = await admin.newGroup({ title: "Молочное производство", report_uuids: [created.uuid] });
    // Given directly and through the group: one user; through the group only: another.
    await w.give("role 7", { reports: [created.pk], groups: [group.pk] });
    await w.give("role 3", { groups: [group.pk] });
    await w.give("role 4", { reports: [other.pk] });

    const list = await admin.reports();
    expect(list.map((r) => [r.title, r.users_count, r.groups])).toEqual([
      ["Архив", 1, []],
      ["Надои по фермам", 2, [{ pk: group.pk, title: "Молочное производство" }]],
    ]);
  });

  it("needs a resource id and a key for signed providers, and an RSA key for DataLens", async () => {
    const w = await reportsWorld(t);
    const before = await rowCounts(t.database.db);
    const cases: [object, Record<string, string>][] = [
      [
        { provider: "metabase" },
        {
          resource_id: "Укажите номер дашборда или идентификатор встраивания",
          secret: "Укажите ключ встраивания",
        },
      ],
      [{ provider: "metabase", resource_id: "1" }, { secret: "Укажите ключ встраивания" }],
      [{ provider: "datalens", resource_id: "e", secret: "abc" }, { secret: "Нужен закрытый ключ RSA в формате PEM" }],
      [{ img_uuid: UNKNOWN }, { img_uuid: "Изображение не найдено — загрузите его заново" }],
      [{ company_uuid: UNKNOWN }, { company_uuid: "Компания не найдена" }],
    ];
    for (const [body, fields] of cases) {
      const res = await w.admin.createReport({ title: "Отчёт", tag: "dpa", url: "https://bi.example/", ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ code: "validation_error", message: "Проверьте введённые данные", fields });
    }
    for (const body of [
      { title: "Отчёт", tag: "milk", url: "https://bi.example/" },
      { title: "Отчёт", tag: "dpa", url: "ftp://bi.example/" },
      { title: "", tag: "dpa", url: "https://bi.example/" },
      { title: "Отчёт", tag: "dpa", url: "https://bi.example/", provider: "tableau" },
      { title: "Отчёт", tag: "dpa", url: "https://bi.example/", restrict_param: "com pany" },
    ]) {
      expect((await w.admin.createReport(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await rowCounts(t.database.db)).toEqual(before);

    const datalens = await w.admin.newReport({
      title: "DataLens",
      provider: "datalens",
      resource_id: "emb",
      secret: RSA_PEM,
    });
    expect(datalens.has_secret).toBe(true);
  });

  it("checks a change against the stored settings with the change over them", async () => {
    const w = await reportsWorld(t);
    const report = await w.admin.newReport({ title: "Воспроизводство" });
    const before = await rowCounts(t.database.db);

    const refused = await w.admin.updateReport(report.uuid, { provider: "metabase" });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual(["resource_id", "secret"]);
    expect(await rowCounts(t.database.db)).toEqual(before);

    const signed = await w.admin.patchedReport(report.uuid, { provider: "metabase", resource_id: "3", secret: "k" });
    expect([signed.provider, signed.resource_id, signed.has_secret]).toEqual(["metabase", "3", true]);
    // The stored key stays when the change does not name it.
    expect((await w.admin.patchedReport(report.uuid, { title: "Воспроизводство стада" })).has_secret).toBe(true);
    for (const body of [{ secret: null }, { resource_id: "" }, { provider: "datalens" }]) {
      expect((await w.admin.updateReport(report.uuid, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const plain = await w.admin.patchedReport(report.uuid, { provider: "url", secret: null });
    expect([plain.provider, plain.has_secret, plain.resource_id]).toEqual(["url", false, "3"]);

    const beforeMissing = await rowCounts(t.database.db);
    expect((await w.admin.updateReport(UNKNOWN, { title: "Нет" })).statusCode).toBe(404);
    expect((await w.admin.deleteReport(UNKNOWN)).statusCode).toBe(404);
    expect((await w.admin.updateReport(report.uuid, { company_uuid: UNKNOWN })).statusCode).toBe(400);
    expect((await w.admin.updateReport(report.uuid, { img_uuid: UNKNOWN })).statusCode).toBe(400);
    expect((await w.admin.updateReport(report.uuid, { secret: "x", nonsense: 1 })).statusCode).toBe(400);
    expect(await rowCounts(t.database.db)).toEqual(beforeMissing);
  });

  it("deletes a report: gone from its groups and from the users it was given to", async () => {
    const w = await reportsWorld(t);
    const report = await w.admin.newReport({ title: "Удаляемый" });
    const keep = await w.admin.newReport({ title: "Остаётся" });
    const group = await w.admin.newGroup({ title: "Группа", report_uuids: [report.uuid, keep.uuid] });
    await w.give("role 7", { reports: [report.pk], groups: [group.pk] });

    expect((await w.admin.deleteReport(report.uuid)).statusCode).toBe(204);
    expect((await w.admin.deleteReport(report.uuid)).statusCode).toBe(404);
    expect((await w.apiOf("role 7").portalOk()).reports.map((r) => r.title)).toEqual(["Остаётся"]);
    expect((await w.admin.groups())[0]?.reports.map((r) => r.title)).toEqual(["Остаётся"]);
  });

  it("audits every change with the admin, {id, before, after} and the key only as has_secret", async () => {
    const w = await reportsWorld(t);
    const admin = w.apiOf("role 1");
    const created = await admin.newReport({
      title: "Metabase",
      provider: "metabase",
      url: "https://metabase.example.com",
      resource_id: "1",
      secret: "очень-секретный-ключ",
      company_uuid: w.company.uuid,
    });
    await admin.patchedReport(created.uuid, { title: "Metabase 2", secret: "другой-секретный-ключ" });
    expect((await admin.deleteReport(created.uuid)).statusCode).toBe(204);

    const snapshot = (r: AdminReport, title = r.title) => ({
      uuid: r.uuid,
      title,
      tag: "custom_reports",
      img_uuid: null,
      active: true,
      provider: "metabase",
      url: "https://metabase.example.com",
      resource_id: "1",
      restrict_param: null,
      has_secret: true,
      company: { uuid: w.company.uuid, name: "Агрохолдинг Заря" },
    });
    const entries = await reportsAudit(t);
    expect(entries.map(({ action, userId, details }) => ({ action, userId, details }))).toEqual([
      {
        action: "report_created",
        userId: w.idOf("role 1"),
        details: { id: created.pk, before: null, after: snapshot(created) },
      },
      {
        action: "report_updated",
        userId: w.idOf("role 1"),
        details: {
          id: created.pk,
          before: snapshot(created),
          after: { ...snapshot(created, "Metabase 2"), secret_changed: true },
        },
      },
      {
        action: "report_deleted",
        userId: w.idOf("role 1"),
        details: { id: created.pk, before: snapshot(created, "Metabase 2"), after: null },
      },
    ]);
    for (const entry of entries) expect(entry.raw).not.toContain("секретный");
  });

  it("leaves no audit entry for a change that changes nothing, and tells a replaced key by secret_changed", async () => {
    const w = await reportsWorld(t);
    const report = await w.admin.newReport({
      title: "Воспроизводство",
      provider: "metabase",
      resource_id: "7",
      secret: "первый-ключ",
    });
    const updates = async () => (await reportsAudit(t)).filter((e) => e.action === "report_updated");

    // Saved as it was: nothing, the same values, the same key again.
    await w.admin.patchedReport(report.uuid, {});
    await w.admin.patchedReport(report.uuid, { title: "Воспроизводство", active: true, resource_id: "7" });
    await w.admin.patchedReport(report.uuid, { secret: "первый-ключ" });
    expect(await updates()).toEqual([]);

    await w.admin.patchedReport(report.uuid, { secret: "второй-ключ" });
    await w.admin.patchedReport(report.uuid, { provider: "url", secret: null });
    const signed = {
      uuid: report.uuid,
      title: "Воспроизводство",
      tag: "custom_reports",
      img_uuid: null,
      active: true,
      provider: "metabase",
      url: "https://bi.example/r",
      resource_id: "7",
      restrict_param: null,
      has_secret: true,
      company: null,
    };
    const entries = await updates();
    expect(entries.map((e) => e.details)).toEqual([
      // has_secret stays true: only secret_changed shows that another key is in use now.
      { id: report.pk, before: signed, after: { ...signed, secret_changed: true } },
      { id: report.pk, before: signed, after: { ...signed, provider: "url", has_secret: false } },
    ]);
    for (const entry of entries) expect(entry.raw).not.toContain("ключ");
  });
});
