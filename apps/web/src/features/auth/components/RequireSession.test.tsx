import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { storageSnapshot, storeSession, userDataFixture } from "../../../test/fixtures.ts";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";

const expired = { status: 401, body: { code: "token_not_valid", message: "Требуется вход в систему" } };

describe("app start with stored tokens (spec §4 access token flow)", () => {
  it("opens the start page when the token is valid", async () => {
    storeSession();
    mockApi({
      "GET /api/users/verify_token/": { status: 200, body: { user_id: 42 } },
      "GET /api/users/data/": { status: 200, body: userDataFixture() },
    });
    renderApp("/");

    expect(await screen.findByText("Здравствуйте, Иван Петров")).toBeTruthy();
    expect(screen.getByText("АО Молочный край")).toBeTruthy();
    expect(screen.getByText("Ферма Заречная")).toBeTruthy();
  });

  it("refreshes on 401, saves the new pair and reloads", async () => {
    storeSession();
    const api = mockApi({
      "GET /api/users/verify_token/": expired,
      "POST /api/users/token/refresh/": { status: 200, body: { access: "access-2", refresh: "refresh-2" } },
    });
    const { location } = renderApp("/");

    await waitFor(() => expect(location.reload).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem("access")).toBe("access-2");
    expect(localStorage.getItem("refresh")).toBe("refresh-2");
    expect(localStorage.getItem("username")).toBe("zootech");
    expect(api.calls.find((call) => call.path === "/api/users/token/refresh/")?.body).toEqual({
      refresh: "refresh-1",
    });
    expect(location.assign).not.toHaveBeenCalled();
  });

  it("clears storage and goes to /login when the refresh is refused", async () => {
    storeSession();
    mockApi({
      "GET /api/users/verify_token/": expired,
      "POST /api/users/token/refresh/": {
        status: 401,
        body: { code: "token_invalid", message: "Ссылка недействительна или устарела" },
      },
    });
    const { location } = renderApp("/");

    // The sign-in page says the session expired (nothing to return to on the start page).
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith("/login?expired=1"));
    expect(storageSnapshot()).toEqual({ theme: null, access: null, refresh: null, username: null, user_id: null });
    expect(location.reload).not.toHaveBeenCalled();
  });

  it("sends visitors without a token to /login", async () => {
    const api = mockApi({});
    const { router } = renderApp("/");

    expect(await screen.findByRole("button", { name: "Войти" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    // Nothing that needs a session was asked (the login page reads only the public config).
    expect(api.calls.filter((call) => call.path !== "/api/config/")).toEqual([]);
  });

  it("sends unknown paths to the start page", async () => {
    mockApi({});
    const { router } = renderApp("/no/such/page");

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });
});
