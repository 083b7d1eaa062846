import type { Workspace } from "@nadoy/contract/boards";
import type { ListDetail, ListSummary } from "@nadoy/contract/lists";
import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { boards, workspaces } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { ok, signedInAdmin } from "./admin-users.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

/** A zootechnician of a company with a board, a list and a table, and an admin. */
async function world() {
  const { company } = await seedCompany(t.database.db, { name: "Заря" });
  const user = await seedUser(t.database.db, {
    username: "zoo",
    email: "zoo@example.com",
    roles: [Role.zootechnician],
    companyIds: [company.id],
  });
  const token = await accessTokenFor(t, user.id);
  const [workspace] = await t.database.db
    .insert(workspaces)
    .values({ companyId: company.id, name: "Ферма" })
    .returning();
  const [board] = await t.database.db
    .insert(boards)
    .values({ workspaceId: workspace?.id ?? 0, name: "Посевная" })
    .returning();
  const as = (method: "GET" | "POST", url: string, payload?: object) =>
    t.request({ method, url, token, ...(payload && { payload }) });
  const list = ok<ListDetail>(
    await as("POST", "/api/tableLists/lists/", { name: "Надои", company_uuid: company.uuid }),
    201,
  );
  const table = ok<ListDetail>(
    await as("POST", "/api/tableLists/lists/", { name: "Цены", company_uuid: company.uuid, kind: "table" }),
    201,
  );
  const { api } = await signedInAdmin(t);
  return { company, user, board: board?.uuid ?? "", list, table, as, api };
}

describe("a module an admin switches off is gone on the server too, not only from the menu", () => {
  it("boards: no workspaces, the board answers 404", async () => {
    const w = await world();
    expect(ok<Workspace[]>(await w.as("GET", "/api/workspaces/"), 200)).toHaveLength(1);
    expect((await w.as("GET", `/api/boards/${w.board}/`)).statusCode).toBe(200);

    ok(await w.api.update(w.user.id, { modules: { boards: false } }), 200);

    expect(ok<Workspace[]>(await w.as("GET", "/api/workspaces/"), 200)).toEqual([]);
    expect((await w.as("GET", `/api/boards/${w.board}/`)).statusCode).toBe(404);
  });

  it("lists and tables: each switch takes its own kind away, creating included", async () => {
    const w = await world();
    ok(await w.api.update(w.user.id, { modules: { table_lists: false } }), 200);

    expect(ok<ListSummary[]>(await w.as("GET", "/api/tableLists/lists/?kind=list"), 200)).toEqual([]);
    expect((await w.as("GET", `/api/tableLists/lists/${w.list.uuid}/`)).statusCode).toBe(404);
    const refused = await w.as("POST", "/api/tableLists/lists/", { name: "Ещё", company_uuid: w.company.uuid });
    expect(refused.statusCode).toBe(404);
    // Tables stay.
    expect((await w.as("GET", `/api/tableLists/lists/${w.table.uuid}/`)).statusCode).toBe(200);

    ok(await w.api.update(w.user.id, { modules: { table_lists: true, tables_enabled: false } }), 200);
    expect((await w.as("GET", `/api/tableLists/lists/${w.list.uuid}/`)).statusCode).toBe(200);
    expect((await w.as("GET", `/api/tableLists/lists/${w.table.uuid}/`)).statusCode).toBe(404);
    expect(ok<ListSummary[]>(await w.as("GET", "/api/tableLists/lists/?kind=table"), 200)).toEqual([]);
  });
});
