import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";

describe("/email-confirm/:token", () => {
  it("confirms the new address once on opening, without a session", async () => {
    const api = mockApi({
      "POST /api/users/change_email/confirm/": {
        status: 200,
        body: { detail: "Адрес электронной почты изменён на petr@example.ru.", email: "petr@example.ru" },
      },
    });
    renderApp("/email-confirm/tok-1");

    expect(await screen.findByText("Новый адрес подтверждён")).toBeTruthy();
    expect(screen.getByText("Адрес электронной почты изменён на petr@example.ru.")).toBeTruthy();
    expect(api.calls).toEqual([
      { method: "POST", path: "/api/users/change_email/confirm/", body: { token: "tok-1" }, authorization: null },
    ]);
  });

  it("shows the server's message for a used or expired link", async () => {
    mockApi({
      "POST /api/users/change_email/confirm/": {
        status: 400,
        body: { code: "token_invalid", message: "Ссылка недействительна или устарела" },
      },
    });
    renderApp("/email-confirm/used");

    expect(await screen.findByText("Не удалось подтвердить адрес")).toBeTruthy();
    expect(screen.getByText("Ссылка недействительна или устарела")).toBeTruthy();
  });
});
