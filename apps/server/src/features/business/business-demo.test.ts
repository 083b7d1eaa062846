import type { UserData } from "@nadoy/contract/users";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { companies, dtmEntries, userDatabases, users } from "../../db/schema/index.ts";
import { DEMO_COMPANY, seedDemo } from "../../db/seed/demo.ts";
import { businessApi } from "./business.test-kit.ts";

// The demo businesses (seedDemo runs seedDemoBusinesses): what the demo accounts then see.

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.database.db);
  const rows = await t.database.db.select({ id: users.id, username: users.username }).from(users);
  ids = Object.fromEntries(rows.map((r) => [r.username, r.id]));
});
afterAll(() => t.close());

async function dataOf(username: string): Promise<UserData> {
  const res = await t.request({
    method: "GET",
    url: "/api/users/data/",
    token: await accessTokenFor(t, ids[username] ?? 0),
  });
  return res.json();
}

describe("demo businesses", () => {
  it("adds two companies with farms and databases, listed for the admin", async () => {
    const page = await businessApi(t, await accessTokenFor(t, ids.admin ?? 0)).page();

    expect(page.total).toBe(3);
    expect(await t.database.db.$count(userDatabases)).toBe(7);
    expect(page.items.map((i) => i.databases_count).reduce((a, b) => a + b)).toBe(7);
  });

  it("gives the zootechnician the demo farms, the picked farm of the second company, two herds, the monitoring database and a DTM code", async () => {
    const data = await dataOf("zootech");

    expect(data.user_companies).toHaveLength(2);
    expect(data.farms.map((f) => f.name).sort()).toEqual(["МТФ «Заря-1»", "МТФ «Рассвет»", "МТФ «Сысерть»"].sort());
    expect(data.user_databases.map((d) => d.db_name).sort()).toEqual(["herd_main", "herd_sysert", "monitoring"]);
    expect(data.dtm.map((d) => d.company_code)).toEqual(["ZR-001"]);
  });

  it("gives the demo company two DTM codes, listed for the admin", async () => {
    const admin = businessApi(t, await accessTokenFor(t, ids.admin ?? 0));
    const [main] = await t.database.db
      .select({ uuid: companies.uuid })
      .from(companies)
      .where(eq(companies.name, DEMO_COMPANY.name));

    const business = await admin.business(main?.uuid ?? "");

    expect(business.dtm.map((d) => [d.company_code, d.users.map((u) => u.username)])).toEqual([
      ["ZR-001", ["zootech"]],
      ["ZR-002", []],
    ]);
    expect(await t.database.db.$count(dtmEntries)).toBe(2);
  });

  it("puts the agronomist (role 4) in «АО «Сибирская нива»» only, where the farms are", async () => {
    const data = await dataOf("agronom");

    expect(data.groups).toEqual([4]);
    expect(data.user_companies.map((c) => c.name)).toEqual(["АО «Сибирская нива»"]);
    expect(data.farms.map((f) => f.name).sort()).toEqual(
      ["Ферма «Обская»", "Ферма «Бердская»", "Комплекс «Тогучин»"].sort(),
    );
    expect(data.dtm).toEqual([]);
  });

  it("gives the client the herd and the monitoring database of the demo company, each of its kind", async () => {
    const data = await dataOf("client");

    expect(data.user_databases.map((d) => [d.db_name, d.kind]).sort()).toEqual([
      ["herd_main", "herd"],
      ["monitoring", "monitoring"],
    ]);
    expect(data.database_report.map((d) => d.db_name)).toEqual(["herd_main"]);
  });

  it("shows the superuser every active database, of every kind, and every DTM code", async () => {
    const data = await dataOf("admin");

    expect(data.dtm.map((d) => d.company_code)).toEqual(["ZR-001", "ZR-002"]);
    expect(data.user_databases).toHaveLength(6);
    const countOf = (kind: string) => data.user_databases.filter((d) => d.kind === kind).length;
    expect([countOf("herd"), countOf("monitoring"), countOf("accounting")]).toEqual([3, 1, 2]);
    expect(data.farms).toHaveLength(7);
  });
});
