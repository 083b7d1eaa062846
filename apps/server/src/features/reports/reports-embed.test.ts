import { constants, createHmac, generateKeyPairSync, verify } from "node:crypto";
import { EMBED_TTL_SECONDS, type ReportEmbed } from "@nadoy/contract/reports";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { companyMemberships, iframeReports } from "../../db/schema/index.ts";
import { reportsAudit, reportsWorld } from "./reports.test-kit.ts";

// Signed embeds (contract reports.ts): the token a Metabase or DataLens server would accept, the
// companies it limits the data to, a report without a key, and the key never leaving the server.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const METABASE_SECRET = "5f0c2a7e9b1d4c3a8e6f0b2d4a6c8e0f1a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d";
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const DATALENS_KEY = privateKey.export({ type: "pkcs8", format: "pem" }).toString();

function jwtParts(token: string) {
  const [header = "", payload = "", signature = ""] = token.split(".");
  const json = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  return { input: `${header}.${payload}`, header: json(header), payload: json(payload), signature };
}

function metabaseToken(embed: ReportEmbed): string {
  const match = /^https:\/\/bi\.zarya-agro\.ru\/embed\/dashboard\/([^#/]+)#bordered=false&titled=true$/.exec(embed.url);
  if (!match?.[1]) throw new Error(`not a Metabase embed: ${embed.url}`);
  return match[1];
}

/** The payload of a Metabase token whose HS256 signature the report's secret verifies. */
function verifiedMetabase(embed: ReportEmbed) {
  const token = metabaseToken(embed);
  const { input, header, payload, signature } = jwtParts(token);
  expect(header).toEqual({ alg: "HS256", typ: "JWT" });
  expect(createHmac("sha256", METABASE_SECRET).update(input).digest("base64url")).toBe(signature);
  expect(payload.exp).toBe(Date.parse(embed.expires_at ?? "") / 1000);
  return payload;
}

async function world() {
  const w = await reportsWorld(t);
  // The client works for both companies.
  await t.database.db.insert(companyMemberships).values({ userId: w.idOf("role 7"), companyId: w.other.id });
  const metabase = await w.admin.newReport({
    title: "Воспроизводство",
    provider: "metabase",
    url: "https://bi.zarya-agro.ru/",
    resource_id: "7",
    secret: METABASE_SECRET,
    restrict_param: "company",
    company_uuid: w.company.uuid,
  });
  const group = await w.admin.newGroup({ title: "Аналитика", report_uuids: [metabase.uuid] });
  for (const who of ["role 1", "role 3", "role 7", "superuser", "other company"] as const) {
    await w.give(who, { groups: [group.pk] });
  }
  return { w, metabase, group };
}

describe("signed embeds", () => {
  it("signs a Metabase dashboard for 10 minutes, limited to the caller's companies", async () => {
    const { w, metabase } = await world();
    const before = Math.floor(Date.now() / 1000);
    const embed = await w.apiOf("role 7").embedOk(metabase.uuid);
    expect(embed.provider).toBe("metabase");
    expect(embed.report.uuid).toBe(metabase.uuid);
    const payload = verifiedMetabase(embed);
    expect(payload).toEqual({
      resource: { dashboard: 7 },
      params: { company: [w.company.uuid, w.other.uuid] },
      exp: expect.any(Number),
    });
    expect(payload.exp).toBeGreaterThanOrEqual(before + EMBED_TTL_SECONDS);
    expect(payload.exp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + EMBED_TTL_SECONDS);

    expect(verifiedMetabase(await w.apiOf("role 3").embedOk(metabase.uuid)).params).toEqual({
      company: [w.company.uuid],
    });
    // Admins and superusers: the report's company, whatever their own.
    for (const who of ["role 1", "superuser"] as const) {
      expect(verifiedMetabase(await w.apiOf(who).embedOk(metabase.uuid)).params).toEqual({
        company: [w.company.uuid],
      });
    }
    // A client of another company only was given the group, not the company's data.
    expect((await w.apiOf("other company").embed(metabase.uuid)).statusCode).toBe(404);
  });

  it("limits a report of no company to no company for admins, and sends no params without a restriction", async () => {
    const { w, metabase } = await world();
    await w.admin.patchedReport(metabase.uuid, { company_uuid: null });
    expect(verifiedMetabase(await w.apiOf("superuser").embedOk(metabase.uuid)).params).toEqual({ company: [] });
    expect(verifiedMetabase(await w.apiOf("other company").embedOk(metabase.uuid)).params).toEqual({
      company: [w.other.uuid],
    });
    await w.admin.patchedReport(metabase.uuid, { restrict_param: null, resource_id: "dash-x" });
    const payload = verifiedMetabase(await w.apiOf("role 7").embedOk(metabase.uuid));
    expect(payload.params).toEqual({});
    expect(payload.resource).toEqual({ dashboard: "dash-x" });
  });

  it("signs a DataLens embed with PS256 that the public key verifies", async () => {
    const { w } = await world();
    const report = await w.admin.newReport({
      title: "DataLens: надои",
      provider: "datalens",
      url: "https://datalens.yandex/embeds/dash",
      resource_id: "emb-123",
      secret: DATALENS_KEY,
      restrict_param: "farm_company",
      company_uuid: w.company.uuid,
    });
    await w.give("role 7", { reports: [report.pk] });
    const embed = await w.apiOf("role 7").embedOk(report.uuid);
    const [base, token = ""] = embed.url.split("#dl_embed_token=");
    expect(base).toBe("https://datalens.yandex/embeds/dash");
    const { input, header, payload, signature } = jwtParts(token);
    expect(header).toEqual({ alg: "PS256", typ: "JWT" });
    const valid = verify(
      "sha256",
      Buffer.from(input),
      { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST },
      Buffer.from(signature, "base64url"),
    );
    expect(valid).toBe(true);
    expect(payload).toEqual({
      embedId: "emb-123",
      dlEmbedService: "YC_DATALENS_EMBEDDING_SERVICE_MARK",
      iat: expect.any(Number),
      exp: expect.any(Number),
      params: { farm_company: [w.company.uuid, w.other.uuid] },
    });
    expect(payload.exp - payload.iat).toBe(EMBED_TTL_SECONDS);
    expect(embed.expires_at).toBe(new Date(payload.exp * 1000).toISOString());
  });

  it("answers 409 for a signed report whose key is missing or unusable", async () => {
    const { w, metabase } = await world();
    const db = t.database.db;
    await db.update(iframeReports).set({ secret: null }).where(eq(iframeReports.id, metabase.pk));
    const missing = await w.apiOf("role 7").embed(metabase.uuid);
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toEqual({ code: "conflict", message: "Отчёт не настроен: нет ключа встраивания" });

    await db
      .update(iframeReports)
      .set({ provider: "datalens", secret: "не ключ" })
      .where(eq(iframeReports.id, metabase.pk));
    const unusable = await w.apiOf("role 7").embed(metabase.uuid);
    expect(unusable.statusCode).toBe(409);
    expect(unusable.json()).toEqual({ code: "conflict", message: "Отчёт не настроен: ключ встраивания не подходит" });
  });

  it("answers 409 in words, not a frame that never loads, for a signed report on an example address", async () => {
    const { w, metabase } = await world();
    for (const url of [
      "https://metabase.example.com",
      "https://bi.example/",
      "https://mb.test",
      "https://EXAMPLE.org.",
    ]) {
      await w.admin.patchedReport(metabase.uuid, { url });
      const res = await w.apiOf("role 7").embed(metabase.uuid);
      expect(res.statusCode, url).toBe(409);
      const host = new URL(url).hostname;
      expect(res.json()).toEqual({
        code: "conflict",
        message: `Отчёт не настроен: ${host} — адрес-пример, сервера отчётов по нему нет. Администратор может указать адрес вашего сервера Metabase в настройках отчёта.`,
      });
    }
    // Only reserved names: a real site that merely has «example» in it is signed as usual.
    await w.admin.patchedReport(metabase.uuid, { url: "https://example-farm.ru/metabase" });
    expect((await w.apiOf("role 7").embedOk(metabase.uuid)).url).toMatch(
      /^https:\/\/example-farm\.ru\/metabase\/embed\//,
    );
  });
});

describe("the embedding key stays on the server", () => {
  it("appears in no answer of the portal and admin routes, nor in the audit log", async () => {
    const { w, metabase, group } = await world();
    const bodies: LightMyRequestResponse[] = [];
    const keep = async (res: Promise<LightMyRequestResponse>) => {
      const done = await res;
      expect(done.statusCode, done.body).toBeLessThan(300);
      bodies.push(done);
      return done;
    };
    const a = w.admin;
    const datalens = (
      await keep(
        a.createReport({
          title: "DataLens",
          tag: "dpa",
          provider: "datalens",
          url: "https://datalens.yandex/embeds/x",
          resource_id: "e1",
          secret: DATALENS_KEY,
        }),
      )
    ).json<{ uuid: string; pk: number }>();
    await keep(a.updateReport(metabase.uuid, { secret: `${METABASE_SECRET}-new`, title: "Воспроизводство 2" }));
    await keep(a.updateReport(datalens.uuid, { title: "DataLens 2" }));
    await keep(a.updateGroup(group.pk, { report_uuids: [datalens.uuid, metabase.uuid] }));
    await w.give("role 7", { reports: [datalens.pk] });
    for (const who of ["superuser", "role 1", "role 7"] as const) {
      const api = w.apiOf(who);
      await keep(api.portal());
      await keep(api.embed(metabase.uuid));
      await keep(api.embed(datalens.uuid));
      await keep(api.userGroups(w.idOf("role 7")));
    }
    await keep(a.listReports());
    await keep(a.listGroups());
    await keep(a.deleteReport(datalens.uuid));
    for (const action of ["report_created", "report_updated", "report_deleted", "iframe_group_updated"]) {
      const page = await keep(a.auditLog(action));
      expect(page.json<{ total: number }>().total, action).toBeGreaterThan(0);
    }

    const keyBody = DATALENS_KEY.split("\n")[5] ?? "";
    expect(keyBody.length).toBeGreaterThan(40);
    for (const res of bodies) {
      expect(res.body).not.toContain(METABASE_SECRET);
      expect(res.body).not.toContain(keyBody);
    }
    expect(JSON.parse(bodies[0]?.body ?? "{}").has_secret).toBe(true);
    const entries = await reportsAudit(t);
    expect(entries.length).toBe(7);
    for (const entry of entries) {
      expect(entry.raw).not.toContain(METABASE_SECRET);
      expect(entry.raw).not.toContain(keyBody);
    }
  });
});
