import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { releaseMonth } from "../../shared/lib/release-month.ts";
import { userDataFixture } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render-app.tsx";
import { mockSignedIn } from "../../test/signed-in.ts";

async function openAbout() {
  await screen.findByText("Здравствуйте, Иван Петров");
  fireEvent.click(screen.getByRole("button", { name: "Меню профиля" }));
  fireEvent.click(await screen.findByRole("menuitem", { name: "О программе" }));
  return screen.findByRole("dialog", { name: "О программе" });
}

describe("About dialog (spec §2)", () => {
  it("shows product, version, user, theme, documents, registry badge and «© 2020–<this year>»", async () => {
    mockSignedIn();
    renderApp("/");
    const dialog = await openAbout();

    expect(within(dialog).getByRole("heading", { name: "Надой" })).toBeTruthy();
    const version = within(dialog).getByRole("link", {
      name: `${__APP_VERSION__} (${releaseMonth(__APP_RELEASE_DATE__)})`,
    });
    expect(version.getAttribute("href")).toBe("/changelog");
    expect(within(dialog).getByText("zootech")).toBeTruthy();
    expect(within(dialog).getByText("стандартная")).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Пользовательское соглашение" }).getAttribute("href")).toBe(
      "/terms-of-service",
    );
    expect(
      within(dialog).getByRole("link", { name: "Согласие на обработку персональных данных" }).getAttribute("href"),
    ).toBe("/personal-data-agreement");
    expect(within(dialog).getByText("Реестр российского ПО")).toBeTruthy();
    expect(within(dialog).getByText(`© 2020–${new Date().getFullYear()}`)).toBeTruthy();
  });

  it("names the dark theme «тёмная»", async () => {
    mockSignedIn(userDataFixture({ theme: "black" }));
    renderApp("/");
    const dialog = await openAbout();
    expect(await within(dialog).findByText("тёмная")).toBeTruthy();
  });

  it("closes when it leaves for the changelog", async () => {
    mockSignedIn();
    const { router } = renderApp("/");
    const dialog = await openAbout();

    fireEvent.click(within(dialog).getByRole("link", { name: /^\d+\.\d+\.\d+ / }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/changelog"));
    expect(await screen.findByRole("heading", { name: "История изменений" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
