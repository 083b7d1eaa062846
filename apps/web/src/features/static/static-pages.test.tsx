import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../test/mock-api.ts";
import { renderApp } from "../../test/render-app.tsx";

describe("static pages", () => {
  it("/changelog renders CHANGELOG.md", async () => {
    mockApi({});
    renderApp("/changelog");

    expect(await screen.findByRole("heading", { level: 1, name: "История изменений" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: new RegExp(`^${__APP_VERSION__} — `) })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Учётные записи и вход" })).toBeTruthy();
    expect(screen.getByText(/Вход через Яндекс ID/)).toBeTruthy();
  });

  it("/terms-of-service holds the terms of use", async () => {
    mockApi({});
    renderApp("/terms-of-service");

    expect(await screen.findByRole("heading", { name: "Пользовательское соглашение" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "3. Учётная запись" })).toBeTruthy();
    expect(document.title).toBe("Пользовательское соглашение — Надой");
  });

  it("/personal-data-agreement is the consent under 152-ФЗ", async () => {
    mockApi({});
    renderApp("/personal-data-agreement");

    expect(await screen.findByRole("heading", { name: "Согласие на обработку персональных данных" })).toBeTruthy();
    expect(screen.getByText(/№ 152-ФЗ «О персональных данных»/)).toBeTruthy();
  });

  it("/404 says the page does not exist and leads home", async () => {
    mockApi({});
    const { router } = renderApp("/404");

    expect(await screen.findByText("Страница не найдена")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "На главную" }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/404"));
  });

  it("/500 reports a server error", async () => {
    mockApi({});
    renderApp("/500");
    expect(await screen.findByText("Ошибка сервера")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Вернуться назад" })).toBeTruthy();
  });
});
