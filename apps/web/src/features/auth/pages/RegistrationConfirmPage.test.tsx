import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";

describe("/registration-confirm/:token", () => {
  it("confirms once on opening and offers to sign in", async () => {
    const api = mockApi({
      "POST /api/users/registration_confirm/": {
        status: 200,
        body: { detail: "Регистрация подтверждена. Теперь можно войти." },
      },
    });
    renderApp("/registration-confirm/tok-1");

    expect(await screen.findByText("Регистрация подтверждена")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Войти" })).toBeTruthy();
    expect(api.calls).toEqual([
      { method: "POST", path: "/api/users/registration_confirm/", body: { token: "tok-1" }, authorization: null },
    ]);
  });

  it("shows the server's message for a used link", async () => {
    mockApi({
      "POST /api/users/registration_confirm/": {
        status: 400,
        body: { code: "token_invalid", message: "Ссылка недействительна или устарела" },
      },
    });
    renderApp("/registration-confirm/used");

    expect(await screen.findByText("Ссылка недействительна или устарела")).toBeTruthy();
  });
});
