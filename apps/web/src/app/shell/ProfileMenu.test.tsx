import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../shared/lib/query-client.ts";
import { userDataFixture } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render-app.tsx";
import { mockSignedIn } from "../../test/signed-in.ts";
import { AppProviders } from "../providers.tsx";
import { ProfileMenu } from "./ProfileMenu.tsx";

async function openProfileMenu() {
  fireEvent.click(await screen.findByRole("button", { name: "Меню профиля" }));
  return screen.findByRole("menu");
}

const itemNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole("menuitem")
    .map((item) => item.textContent);

describe("profile menu (spec §2)", () => {
  it.each([
    ["role 1", { groups: [1] }, ["Настройки профиля", "Наборы данных", "Уведомления", "О программе", "Выйти"]],
    ["role 2", { groups: [2] }, ["Настройки профиля", "Наборы данных", "Уведомления", "О программе", "Выйти"]],
    ["role 3", { groups: [3] }, ["Настройки профиля", "Наборы данных", "Уведомления", "О программе", "Выйти"]],
    ["role 6", { groups: [6] }, ["Наборы данных", "Уведомления", "О программе", "Выйти"]],
    ["role 7", { groups: [7] }, ["Настройки профиля", "Уведомления", "О программе", "Выйти"]],
    [
      "a superuser",
      { groups: [], is_superuser: true },
      ["Настройки профиля", "Наборы данных", "Уведомления", "О программе", "Выйти"],
    ],
  ])("%s", async (_name, overrides, expected) => {
    mockSignedIn(userDataFixture(overrides));
    renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");

    expect(itemNames(await openProfileMenu())).toEqual(expected);
  });

  it("opens the profile pages", async () => {
    mockSignedIn();
    const { router } = renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");

    fireEvent.click(within(await openProfileMenu()).getByRole("menuitem", { name: "Настройки профиля" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/userprofile/settings"));

    fireEvent.click(within(await openProfileMenu()).getByRole("menuitem", { name: "Наборы данных" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/userprofile/datasets"));

    fireEvent.click(within(await openProfileMenu()).getByRole("menuitem", { name: "Уведомления" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/userprofile/notifications"));
  });

  it("«Выйти» signs out through /logout", async () => {
    mockSignedIn(userDataFixture(), { "POST /api/users/logout/": { status: 205 } });
    const { router, location } = renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");

    fireEvent.click(within(await openProfileMenu()).getByRole("menuitem", { name: "Выйти" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/logout"));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith("/login"));
    expect(localStorage.getItem("access")).toBeNull();
  });

  it("shows initials for role 7 and the role icon for others", async () => {
    mockSignedIn(userDataFixture({ groups: [7] }));
    const client = renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");
    const button = screen.getByRole("button", { name: "Меню профиля" });
    expect(within(button).getByTestId("initials-avatar").textContent).toBe("ИП");
    client.unmount();

    mockSignedIn(userDataFixture({ groups: [1] }));
    renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");
    expect(within(screen.getByRole("button", { name: "Меню профиля" })).queryByTestId("initials-avatar")).toBeNull();
  });

  it("offers sign-in, registration and About to a visitor who is not signed in", async () => {
    const onAbout = vi.fn();
    const router = createMemoryRouter(
      [
        { path: "/", element: <ProfileMenu signedIn={false} user={undefined} onAbout={onAbout} /> },
        { path: "/login", element: <p>Страница входа</p> },
      ],
      { initialEntries: ["/"] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    expect(itemNames(await openProfileMenu())).toEqual(["Войти", "Регистрация", "О программе"]);
    fireEvent.click(screen.getByRole("menuitem", { name: "О программе" }));
    expect(onAbout).toHaveBeenCalledTimes(1);

    fireEvent.click(within(await openProfileMenu()).getByRole("menuitem", { name: "Войти" }));
    expect(await screen.findByText("Страница входа")).toBeTruthy();
  });
});
