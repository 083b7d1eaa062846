import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { screenWidth } from "../../test/screen-width.ts";
import { mockSignedIn } from "../../test/signed-in.ts";

const ARTICLE = {
  uuid: "00000000-0000-4000-8000-000000000001",
  title: "Как загрузить отчёт",
  snippet: "Откройте раздел отчётов",
  updated_at: "2026-03-02T10:30:00.000Z",
};

describe("navbar help button", { timeout: 20_000 }, () => {
  it("opens the help drawer with the caller's instructions, and closes it", async () => {
    const api = mockSignedIn(undefined, { "GET /api/instructions/": { status: 200, body: [ARTICLE] } });
    renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");
    const banner = screen.getByRole("banner");
    // Nothing of the help is asked for before the button is pressed.
    expect(api.calls.some((c) => c.path === "/api/instructions/")).toBe(false);

    fireEvent.click(within(banner).getByRole("button", { name: "Инструкции" }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("Как загрузить отчёт")).toBeTruthy();
    expect(within(drawer).getByText("Откройте раздел отчётов")).toBeTruthy();

    expect(document.querySelector(".ant-drawer-open")).not.toBeNull();
    fireEvent.click(within(drawer).getByRole("button", { name: /Close|Закрыть/, hidden: true }));
    await waitFor(() => expect(document.querySelector(".ant-drawer-open")).toBeNull());
  });
});

describe("navbar on a phone (390 px)", { timeout: 20_000 }, () => {
  it("moves the theme switch and help into the profile menu; the bell and «Выйти» stay reachable", async () => {
    screenWidth(390);
    mockSignedIn(undefined, { "GET /api/instructions/": { status: 200, body: [ARTICLE] } });
    renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");
    const banner = screen.getByRole("banner");
    expect(within(banner).queryByRole("switch", { name: "Тёмная тема" })).toBeNull();
    expect(within(banner).queryByRole("button", { name: "Инструкции" })).toBeNull();
    expect(within(banner).getByRole("button", { name: /Уведомления/ })).toBeTruthy();

    fireEvent.click(within(banner).getByRole("button", { name: "Меню профиля" }));
    const menu = await screen.findByRole("menu");
    const names = within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
    expect(names).toEqual(expect.arrayContaining(["Тёмная тема", "Инструкции", "Выйти"]));

    fireEvent.click(within(menu).getByRole("menuitem", { name: "Инструкции" }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("Как загрузить отчёт")).toBeTruthy();
  });

  it("switches the theme from the profile menu", async () => {
    screenWidth(390);
    mockSignedIn();
    renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");
    fireEvent.click(within(screen.getByRole("banner")).getByRole("button", { name: "Меню профиля" }));
    fireEvent.click(within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Тёмная тема" }));
    await waitFor(() => expect(localStorage.getItem("theme")).toBe("black"));
    fireEvent.click(within(screen.getByRole("banner")).getByRole("button", { name: "Меню профиля" }));
    expect(within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Стандартная тема" })).toBeTruthy();
  });
});
