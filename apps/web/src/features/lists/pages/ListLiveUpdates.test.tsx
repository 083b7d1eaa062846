import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { publishMainMessage } from "../../../shared/realtime/main-messages.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { col, LIST_UUID, listFixture, ROWS, rowFixture, serveList, shownNames, uuid } from "../test-support.ts";

const GET_LIST = `/api/tableLists/lists/${LIST_UUID}/`;
// storeSession() signs the tab in as user 42.
const ME = 42;
const COLLEAGUE = 7;

describe("a list page and others' changes", { timeout: 20_000 }, () => {
  it("refetches at once on another user's LIST_CHANGED for this list, not on its own or another list's", async () => {
    let answers = 0;
    const added = rowFixture(uuid(204), "4", { [col.name]: "Зорька-2" });
    const api = serveList(undefined, {
      [`GET ${GET_LIST}`]: () => {
        answers += 1;
        return { status: 200, body: listFixture(answers === 1 ? {} : { rows: [...ROWS, added], row_count: 4 }) };
      },
    });
    renderApp(`/lists/${LIST_UUID}`);
    await screen.findAllByRole("columnheader", { name: /Кличка/ });
    await waitFor(() => expect(shownNames()).toEqual(["Зорька", "Белка", "Ночка"]));
    const gets = () => api.calls.filter((c) => c.method === "GET" && c.path === GET_LIST).length;
    const before = gets();

    act(() => {
      publishMainMessage({ msg_type: "LIST_CHANGED", user_id: ME, list: LIST_UUID });
      publishMainMessage({ msg_type: "LIST_CHANGED", user_id: COLLEAGUE, list: uuid(99) });
    });
    expect(gets()).toBe(before);

    act(() => publishMainMessage({ msg_type: "LIST_CHANGED", user_id: COLLEAGUE, list: LIST_UUID }));
    await waitFor(() => expect(shownNames()).toEqual(["Зорька", "Белка", "Ночка", "Зорька-2"]));
    expect(gets()).toBe(before + 1);
  });

  it("refetches after the main socket reconnects (hints sent meanwhile are lost)", async () => {
    const api = serveList();
    renderApp(`/lists/${LIST_UUID}`);
    await screen.findAllByRole("columnheader", { name: /Кличка/ });
    const gets = () => api.calls.filter((c) => c.method === "GET" && c.path === GET_LIST).length;
    const before = gets();
    act(() => publishMainMessage({ msg_type: "SYNC", seq: 3, resync: false }));
    await waitFor(() => expect(gets()).toBe(before + 1));
  });
});
