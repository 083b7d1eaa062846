import { pageSection } from "@nadoy/contract/usage";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { queryRows } from "../../db/client.ts";
import { seedUser } from "../../db/seed/users.ts";
import { sectionOf } from "./usage.repository.ts";
import { seedHits, signedInAdmin, usageApi } from "./usage.test-kit.ts";

// The database groups hits by section in SQL; the web app and the contract name them with
// pageSection. Both must give the same section for every path.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

async function sqlSections(paths: string[]): Promise<string[]> {
  const rows = await queryRows<{ section: string }>(
    t.database.db,
    sql`select ${sectionOf(sql`p.path`)} as section
        from unnest(${`{${paths.map((p) => `"${p.replace(/["\\]/g, "\\$&")}"`).join(",")}}`}::text[])
             with ordinality as p(path, n)
        order by p.n`,
  );
  return rows.map((r) => r.section);
}

const KNOWN_PATHS = [
  "/",
  "",
  "//",
  "/lists",
  "/lists/",
  "/lists/7f1c/rows",
  "//lists//x",
  "/services/report/1/7f1c",
  "/services/tables-edit/",
  "/reset-password/:token",
  "/user-pages/notifications",
  "/admin/audit",
  "/equipment_monitoring/power_monitoring/hours/x",
  "/reports?tab=2",
  "/reports#top",
  "/?utm=1",
  "/#x",
  "/a?b/c",
  "/a#b/c",
  "lists/x",
  "/Новости/1",
  "/%D0%9D/x",
  "/a b/c",
  "/a.b-c_d~e/f",
  "/a:b@c/d",
  "/' or 1=1 --/x",
];

describe("sections in SQL and in the contract", () => {
  it("agree on known paths", async () => {
    expect(await sqlSections(KNOWN_PATHS)).toEqual(KNOWN_PATHS.map(pageSection));
  });

  it("agree on any path", async () => {
    const char = fc.constantFrom(
      "/",
      "/",
      "/",
      "?",
      "#",
      "a",
      "b",
      "Я",
      "-",
      "_",
      ".",
      " ",
      "%",
      ":",
      "'",
      "\\",
      '"',
      "😀",
    );
    const path = fc.array(char, { maxLength: 24 }).map((chars) => chars.join(""));
    await fc.assert(
      fc.asyncProperty(fc.array(path, { minLength: 1, maxLength: 50 }), async (paths) => {
        expect(await sqlSections(paths)).toEqual(paths.map(pageSection));
      }),
      { numRuns: 60 },
    );
  });

  it("group the report's hits as pageSection names them", async () => {
    const admin = await signedInAdmin(t);
    const ivan = await seedUser(t.database.db, { username: "ivan" });
    const paths = KNOWN_PATHS.filter((p) => p.startsWith("/"));
    await seedHits(
      t,
      paths.map((path) => ({ userId: ivan.id, path, at: "2026-11-02T10:00:00Z" })),
    );
    const expected = new Map<string, number>();
    for (const path of paths) expected.set(pageSection(path), (expected.get(pageSection(path)) ?? 0) + 1);

    const report = await usageApi(t, admin.token).reportOk({ from: "2026-11-02", to: "2026-11-02" });

    expect(new Map(report.by_section.map((s) => [s.section, s.hits]))).toEqual(expected);
    const services = await usageApi(t, admin.token).reportOk({
      from: "2026-11-02",
      to: "2026-11-02",
      section: "/services",
    });
    expect(services.total).toBe(2);
  });
});
