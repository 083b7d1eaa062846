import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { storageSnapshot, storeSession } from "../../../test/fixtures.ts";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";

describe("/logout", () => {
  it("on 205 clears storage and goes to /login", async () => {
    storeSession();
    const api = mockApi({ "POST /api/users/logout/": { status: 205 } });
    const { location } = renderApp("/logout");

    await waitFor(() => expect(location.assign).toHaveBeenCalledWith("/login"));
    expect(storageSnapshot()).toEqual({ theme: null, access: null, refresh: null, username: null, user_id: null });
    expect(api.calls).toEqual([
      { method: "POST", path: "/api/users/logout/", body: { refresh: "refresh-1" }, authorization: "Bearer access-1" },
    ]);
  });

  it("on any other answer leaves storage as it was and offers a way back", async () => {
    storeSession();
    const before = storageSnapshot();
    mockApi({
      "POST /api/users/logout/": { status: 500, body: { code: "internal_error", message: "Что-то пошло не так..." } },
    });
    const { location } = renderApp("/logout");

    expect(await screen.findByText("Не удалось выйти")).toBeTruthy();
    expect(screen.getByRole("button", { name: "На главную" })).toBeTruthy();
    expect(storageSnapshot()).toEqual(before);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it("treats a 200 as a failure too: only 205 signs out", async () => {
    storeSession();
    const before = storageSnapshot();
    mockApi({ "POST /api/users/logout/": { status: 200, body: null } });
    const { location } = renderApp("/logout");

    expect(await screen.findByText("Не удалось выйти")).toBeTruthy();
    expect(storageSnapshot()).toEqual(before);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it("without a session just clears and goes to /login", async () => {
    localStorage.setItem("theme", "black");
    const api = mockApi({});
    const { location } = renderApp("/logout");

    await waitFor(() => expect(location.assign).toHaveBeenCalledWith("/login"));
    expect(localStorage.length).toBe(0);
    expect(api.calls).toHaveLength(0);
  });
});
