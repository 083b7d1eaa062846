import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { storageSnapshot, userDataFixture } from "../../../test/fixtures.ts";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";

describe("/yandex/token/redirect", () => {
  it("refuses a state this tab did not issue and sends nothing", async () => {
    sessionStorage.setItem("yandex_state", "s-1");
    const api = mockApi({});
    renderApp("/yandex/token/redirect?code=c-1&state=forged");

    expect(await screen.findByText("Не удалось войти через Яндекс")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("signs in, stores the session from users/data and opens the start page", async () => {
    sessionStorage.setItem("yandex_state", "s-1");
    const api = mockApi({
      "POST /api/users/yandex/token/": { status: 200, body: { access: "access-y", refresh: "refresh-y" } },
      "GET /api/users/data/": { status: 200, body: userDataFixture({ id: 7, username: "ivan", theme: "black" }) },
      "GET /api/users/verify_token/": { status: 200, body: { user_id: 7 } },
    });
    const { router } = renderApp("/yandex/token/redirect?code=c-1&state=s-1");

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(api.calls[0]?.body).toEqual({ code: "c-1", state: "s-1" });
    expect(storageSnapshot()).toEqual({
      theme: "black",
      access: "access-y",
      refresh: "refresh-y",
      username: "ivan",
      user_id: "7",
    });
    expect(sessionStorage.getItem("yandex_state")).toBeNull();
  });

  it("shows the server's message when Yandex sign-in fails", async () => {
    sessionStorage.setItem("yandex_state", "s-1");
    mockApi({
      "POST /api/users/yandex/token/": {
        status: 401,
        body: { code: "account_inactive", message: "Учётная запись не подтверждена. Перейдите по ссылке из письма." },
      },
    });
    renderApp("/yandex/token/redirect?code=c-1&state=s-1");

    expect(await screen.findByText("Учётная запись не подтверждена. Перейдите по ссылке из письма.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Вернуться ко входу" })).toBeTruthy();
  });
});
