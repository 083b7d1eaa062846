import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { storageSnapshot, userDataFixture } from "../../../test/fixtures.ts";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { everythingUserData, mockSignedIn } from "../../../test/signed-in.ts";

const config = (yandexLogin: boolean) => ({
  "GET /api/config/": { status: 200, body: { version: "0.1.0", yandex_login: yandexLogin, yandex_metrika_id: null } },
});

async function submitLogin(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText("Имя пользователя"), { target: { value: username } });
  fireEvent.change(screen.getByLabelText("Пароль"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Войти" }));
}

describe("/login", () => {
  it("stores the session keys and opens the start page after a successful sign-in", async () => {
    const api = mockApi({
      ...config(false),
      "POST /api/users/token/": { status: 200, body: { access: "access-new", refresh: "refresh-new" } },
      "GET /api/users/verify_token/": { status: 200, body: { user_id: 42 } },
      "GET /api/users/data/": { status: 200, body: userDataFixture() },
    });
    const { router } = renderApp("/login");

    await submitLogin("zootech", "nadoy-demo");

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(storageSnapshot()).toEqual({
      theme: "default",
      access: "access-new",
      refresh: "refresh-new",
      username: "zootech",
      user_id: "42",
    });
    expect(api.calls.find((call) => call.method === "POST")).toMatchObject({
      method: "POST",
      path: "/api/users/token/",
      body: { username: "zootech", password: "nadoy-demo" },
      authorization: null,
    });
    const verify = api.calls.find((call) => call.path === "/api/users/verify_token/");
    expect(verify?.authorization).toBe("Bearer access-new");
    expect(await screen.findByText("Здравствуйте, Иван Петров")).toBeTruthy();
  });

  it("sends a user who is already signed in to the start page, without the form", async () => {
    mockSignedIn();
    const { router } = renderApp("/login");

    expect(await screen.findByText("Здравствуйте, Иван Петров")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
    expect(screen.queryByLabelText("Пароль")).toBeNull();
  });

  it("sends a user who is already signed in where ?next= leads", async () => {
    mockSignedIn(everythingUserData({ groups: [3] }), { "GET /api/boards/": { status: 200, body: [] } });
    const { router } = renderApp("/login?next=%2Fboards");

    await waitFor(() => expect(router.state.location.pathname).toBe("/boards"));
    expect(await screen.findByRole("heading", { name: "Доски задач" })).toBeTruthy();
    expect(screen.queryByLabelText("Пароль")).toBeNull();
  });

  it("shows the server's message on 401 and stores nothing", async () => {
    mockApi({
      ...config(false),
      "POST /api/users/token/": {
        status: 401,
        body: { code: "invalid_credentials", message: "Неверное имя пользователя или пароль" },
      },
    });
    const { router, location } = renderApp("/login");

    await submitLogin("zootech", "wrong-password");

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Неверное имя пользователя или пароль");
    expect(router.state.location.pathname).toBe("/login");
    expect(localStorage.length).toBe(0);
    // A wrong password on a public route is not a session problem: no token flow.
    expect(location.assign).not.toHaveBeenCalled();
    expect(location.reload).not.toHaveBeenCalled();
  });

  it("shows the server's message when sign-in is rate limited", async () => {
    mockApi({
      ...config(false),
      "POST /api/users/token/": {
        status: 429,
        body: { code: "too_many_requests", message: "Слишком много попыток. Повторите позже." },
      },
    });
    renderApp("/login");

    await submitLogin("zootech", "wrong-password");

    expect((await screen.findByRole("alert")).textContent).toContain("Слишком много попыток. Повторите позже.");
  });

  it("checks the fields before sending anything", async () => {
    const api = mockApi({});
    renderApp("/login");

    fireEvent.click(await screen.findByRole("button", { name: "Войти" }));

    expect(await screen.findByText("Введите имя пользователя")).toBeTruthy();
    expect(await screen.findByText("Введите пароль")).toBeTruthy();
    expect(api.calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("starts a Yandex sign-in with the state kept for this tab", async () => {
    mockApi({
      ...config(true),
      "GET /api/users/yandex/authorize_url/": {
        status: 200,
        body: { url: "https://oauth.yandex.ru/authorize?state=s-1", state: "s-1" },
      },
    });
    const { location } = renderApp("/login");

    fireEvent.click(await screen.findByRole("button", { name: "Войти через Яндекс" }));

    await waitFor(() => expect(location.assign).toHaveBeenCalledWith("https://oauth.yandex.ru/authorize?state=s-1"));
    expect(sessionStorage.getItem("yandex_state")).toBe("s-1");
  });

  it("shows why a Yandex sign-in is unavailable", async () => {
    mockApi({
      ...config(true),
      "GET /api/users/yandex/authorize_url/": {
        status: 503,
        body: { code: "provider_disabled", message: "Вход через Яндекс не настроен" },
      },
    });
    const { location } = renderApp("/login");

    fireEvent.click(await screen.findByRole("button", { name: "Войти через Яндекс" }));

    expect(await screen.findByText("Вход через Яндекс не настроен")).toBeTruthy();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it("offers no Yandex sign-in when the server has no Yandex ID credentials", async () => {
    mockApi({ ...config(false) });
    const { queryClient } = renderApp("/login");

    expect(await screen.findByRole("button", { name: "Войти" })).toBeTruthy();
    // The page has its answer (and has rendered with it) once the config query is a success.
    await waitFor(() => expect(queryClient.getQueryState(["config"])?.status).toBe("success"));
    expect(screen.queryByText("или")).toBeNull();
    expect(screen.queryByRole("button", { name: "Войти через Яндекс" })).toBeNull();
  });
});
