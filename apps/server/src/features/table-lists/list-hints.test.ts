import type { ListDetail, ListRow } from "@nadoy/contract/lists";
import type { MainServerMessage } from "@nadoy/contract/realtime";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCompanyCallers, listApi } from "../../../test/lists.ts";
import { openMainSocket, socketBase, type TestSocket } from "../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  base = await socketBase(t);
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const isListChanged = (m: MainServerMessage) => m.msg_type === "LIST_CHANGED";

async function listOf(company: Awaited<ReturnType<typeof createCompanyCallers>>, name: string) {
  const api = listApi(t, company.byLabel("role 3").token);
  const res = await api.createList({
    name,
    company_uuid: company.company.uuid,
    columns: [{ name: "Корова", type: "text" }],
  });
  expect(res.statusCode).toBe(201);
  return { api, list: res.json<ListDetail>() };
}

async function synced(token: string | undefined): Promise<TestSocket> {
  const socket = await openMainSocket(base, token);
  await socket.next((m) => m.msg_type === "SYNC", "SYNC");
  return socket;
}

describe("LIST_CHANGED on the main socket", () => {
  it("tells the list's company of every change, with who made it, and nobody in another company", async () => {
    const zarya = await createCompanyCallers(t, "Заря");
    const rassvet = await createCompanyCallers(t, "Рассвет");
    const { api, list } = await listOf(zarya, "Надои");
    const other = await listOf(rassvet, "Отёлы");
    const colleague = await synced(zarya.byLabel("role 6").token);
    const stranger = await synced(rassvet.byLabel("role 6").token);
    const maker = zarya.byLabel("role 3").userId;
    const hint = { msg_type: "LIST_CHANGED", user_id: maker, list: list.uuid };
    const column = list.columns[0]?.uuid ?? "";

    const created = await api.createRow(list.uuid, { [column]: "Зорька" });
    expect(created.statusCode).toBe(201);
    expect(await colleague.next(isListChanged, "row created")).toEqual(hint);
    const row = created.json<ListRow>();
    expect((await api.updateRow(row.uuid, { [column]: "Ромашка" })).statusCode).toBe(200);
    expect(await colleague.next(isListChanged, "row updated")).toEqual(hint);
    expect((await api.createColumn(list.uuid, { name: "Надой, кг", type: "number" })).statusCode).toBe(201);
    expect(await colleague.next(isListChanged, "column added")).toEqual(hint);
    expect((await api.renameList(list.uuid, "Надои за ноябрь")).statusCode).toBe(200);
    expect(await colleague.next(isListChanged, "renamed")).toEqual(hint);
    expect((await api.deleteRows(list.uuid, [row.uuid])).statusCode).toBe(200);
    expect(await colleague.next(isListChanged, "rows deleted")).toEqual(hint);

    // The other company's member hears only of their own company's list: the first hint it gets is that one.
    expect((await other.api.createRow(other.list.uuid, {})).statusCode).toBe(201);
    expect(await stranger.next(isListChanged, "the other company's row")).toEqual({
      msg_type: "LIST_CHANGED",
      user_id: rassvet.byLabel("role 3").userId,
      list: other.list.uuid,
    });

    // A refused change tells nobody: the colleague's next hint is the next real change.
    expect((await listApi(t, zarya.byLabel("role 6").token).createRow(list.uuid, {})).statusCode).toBe(403);
    expect((await api.createRow(list.uuid, { [column]: "Бурёнка" })).statusCode).toBe(201);
    expect(await colleague.next(isListChanged, "after a refused write")).toEqual(hint);

    await colleague.close();
    await stranger.close();
  });

  it("tells of a public form answer with no user", async () => {
    const zarya = await createCompanyCallers(t, "Заря");
    const { api, list } = await listOf(zarya, "Обратная связь");
    const column = list.columns[0]?.uuid ?? "";
    const saved = await api.saveForm(list.uuid, {
      form_header: "Отзыв",
      conclusion: "Спасибо!",
      elements: [{ column_uuid: column, type_form_element: null }],
    });
    expect(saved.statusCode).toBe(200);
    const published = await api.publish(list.uuid, true);
    expect(published.statusCode).toBe(200);
    const colleague = await synced(zarya.byLabel("role 1").token);

    const answer = await t.request({
      method: "POST",
      url: "/api/tableLists/link_uuid_form/",
      payload: { uuid_link: published.json<{ uuid_link: string }>().uuid_link, form_data: { [column]: "Всё хорошо" } },
    });
    expect(answer.statusCode).toBe(201);
    expect(await colleague.next(isListChanged, "form answer")).toEqual({
      msg_type: "LIST_CHANGED",
      user_id: null,
      list: list.uuid,
    });
    await colleague.close();
  });
});
