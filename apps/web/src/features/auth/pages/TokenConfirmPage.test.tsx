import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";

async function submitCode(code: string) {
  fireEvent.change(await screen.findByLabelText("Код"), { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: "Подтвердить" }));
}

describe("/token-confirm", () => {
  it("confirms a registration code", async () => {
    mockApi({
      "POST /api/users/token_confirm/": {
        status: 200,
        body: { kind: "registration_confirm", detail: "Регистрация подтверждена. Теперь можно войти." },
      },
    });
    renderApp("/token-confirm");

    await submitCode("code-1");

    expect(await screen.findByText("Регистрация подтверждена. Теперь можно войти.")).toBeTruthy();
  });

  it("moves on to the new password form for a reset code", async () => {
    mockApi({
      "POST /api/users/token_confirm/": {
        status: 200,
        body: { kind: "password_reset", detail: "Код верный. Задайте новый пароль." },
      },
    });
    const { router } = renderApp("/token-confirm");

    await submitCode("code-2");

    await waitFor(() => expect(router.state.location.pathname).toBe("/reset-password/code-2"));
    expect(await screen.findByLabelText("Новый пароль")).toBeTruthy();
  });

  it("shows why a code was refused", async () => {
    mockApi({
      "POST /api/users/token_confirm/": {
        status: 400,
        body: { code: "token_invalid", message: "Ссылка недействительна или устарела" },
      },
    });
    renderApp("/token-confirm");

    await submitCode("stale");

    expect((await screen.findByRole("alert")).textContent).toContain("Ссылка недействительна или устарела");
  });
});
