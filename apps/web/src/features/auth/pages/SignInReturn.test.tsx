import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { storeSession, userDataFixture } from "../../../test/fixtures.ts";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { SESSION_EXPIRED_TEXT } from "./LoginPage.tsx";

const CONFIG = {
  "GET /api/config/": { status: 200, body: { version: "0.1.0", yandex_login: true, yandex_metrika_id: null } },
};
const SIGN_IN = {
  ...CONFIG,
  "POST /api/users/token/": { status: 200, body: { access: "access-new", refresh: "refresh-new" } },
  "GET /api/users/verify_token/": { status: 200, body: { user_id: 42 } },
  "GET /api/users/data/": { status: 200, body: userDataFixture() },
};

async function signIn() {
  fireEvent.change(await screen.findByLabelText("Имя пользователя", {}, { timeout: 30_000 }), {
    target: { value: "zootech" },
  });
  fireEvent.change(screen.getByLabelText("Пароль"), { target: { value: "nadoy-demo" } });
  fireEvent.click(screen.getByRole("button", { name: "Войти" }));
}

afterEach(() => window.history.replaceState(null, "", "/"));

describe("signing in returns to the page asked for", { timeout: 60_000 }, () => {
  it("a deep link without a session goes to /login and, once signed in, back to the link", async () => {
    mockApi(SIGN_IN);
    const { router } = renderApp("/userprofile/services?tab=1");

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("?next=%2Fuserprofile%2Fservices%3Ftab%3D1");
    expect(screen.queryByText(SESSION_EXPIRED_TEXT)).toBeNull();
    await signIn();

    await waitFor(() => expect(router.state.location.pathname).toBe("/userprofile/services"));
    expect(router.state.location.search).toBe("?tab=1");
  });

  it("never follows a return path to another site", async () => {
    mockApi(SIGN_IN);
    const { router } = renderApp("/login?next=%2F%2Fevil.example%2Fphish");
    await signIn();

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("an expired session says so on the sign-in page, and signing in returns to the page", async () => {
    // The token flow gives up (refresh refused) on the page the user is on.
    window.history.replaceState(null, "", "/lists/5?tab=form");
    storeSession();
    mockApi({
      "GET /api/users/verify_token/": { status: 401, body: { code: "token_not_valid", message: "Требуется вход" } },
      "POST /api/users/token/refresh/": { status: 401, body: { code: "token_invalid", message: "Устарела" } },
    });
    const expiredOn = renderApp("/lists/5?tab=form");
    await waitFor(() => expect(expiredOn.location.assign).toHaveBeenCalledTimes(1));
    const loginUrl = String(expiredOn.location.assign.mock.calls[0]?.[0]);
    expect(loginUrl).toBe("/login?next=%2Flists%2F5%3Ftab%3Dform&expired=1");
    expiredOn.unmount();

    // The sign-in page it loads.
    mockApi(SIGN_IN);
    const { router } = renderApp(loginUrl);
    expect(await screen.findByText(SESSION_EXPIRED_TEXT, {}, { timeout: 30_000 })).toBeTruthy();
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/lists/5"));
    expect(router.state.location.search).toBe("?tab=form");
  });

  it("a Yandex sign-in started there returns to the page too", async () => {
    mockApi({
      ...CONFIG,
      "GET /api/users/yandex/authorize_url/": {
        status: 200,
        body: { url: "https://oauth.yandex.ru/authorize?state=s-1", state: "s-1" },
      },
    });
    const atLogin = renderApp("/login?next=%2Fchat");
    fireEvent.click(await screen.findByRole("button", { name: "Войти через Яндекс" }, { timeout: 30_000 }));
    await waitFor(() => expect(atLogin.location.assign).toHaveBeenCalledTimes(1));
    atLogin.unmount();

    // Yandex sends the user back to this tab.
    mockApi({
      "POST /api/users/yandex/token/": { status: 200, body: { access: "access-y", refresh: "refresh-y" } },
      "GET /api/users/data/": { status: 200, body: userDataFixture() },
      "GET /api/users/verify_token/": { status: 200, body: { user_id: 42 } },
    });
    const { router } = renderApp("/yandex/token/redirect?code=c-1&state=s-1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/chat"));
  });
});
