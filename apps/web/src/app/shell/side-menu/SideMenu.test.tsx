import { MENU_STYLES } from "@nadoy/contract/constants";
import type { UserData } from "@nadoy/contract/users";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { screenWidth } from "../../../features/chat/test-support.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { everythingUserData, mockSignedIn } from "../../../test/signed-in.ts";

async function openSideMenu() {
  fireEvent.click(await screen.findByRole("button", { name: "Меню" }));
  const nav = await screen.findByRole("navigation", { name: "Главное меню" });
  await within(nav).findByText("Главная");
  return nav;
}

/** The names of the top-level entries: links and section headers. */
function topLevel(nav: HTMLElement): string[] {
  return [...nav.querySelectorAll<HTMLElement>("[data-menu-entry]")].map((el) => el.dataset.menuEntry ?? "");
}

const ALL_SECTIONS = [
  "Главная",
  "Отчёты",
  "Продажи молока",
  "Индивидуальные отчёты",
  "Отчёты по стаду",
  "Мониторинг",
  "Сервисы",
  "Доски задач",
  "Списки",
  "Импорт и экспорт",
  "Администрирование",
  "Контент",
];

const STAFF = [
  "Главная",
  "Отчёты",
  "Отчёты по стаду",
  "Мониторинг",
  "Сервисы",
  "Доски задач",
  "Списки",
  "Импорт и экспорт",
];

describe.each(MENU_STYLES)("side menu in the %s style", (style) => {
  const user = (overrides: Partial<UserData>) => everythingUserData({ boards_menu_style: style, ...overrides });

  it.each([
    ["role 1", { groups: [1] }, [...STAFF, "Администрирование"]],
    ["role 2", { groups: [2] }, [...STAFF, "Контент"]],
    ["role 3", { groups: [3] }, STAFF],
    ["role 6", { groups: [6] }, STAFF],
    [
      "role 7",
      { groups: [7] },
      [
        "Главная",
        "Продажи молока",
        "Индивидуальные отчёты",
        "Отчёты по стаду",
        "Мониторинг",
        "Сервисы",
        "Доски задач",
        "Списки",
        "Импорт и экспорт",
      ],
    ],
    ["a superuser", { groups: [3], is_superuser: true }, [...STAFF, "Администрирование", "Контент"]],
  ])("%s sees its entries and no others", async (_name, overrides, expected) => {
    mockSignedIn(user(overrides));
    renderApp("/");

    const nav = await openSideMenu();

    expect(topLevel(nav)).toEqual(expected);
    for (const label of ALL_SECTIONS.filter((l) => !expected.includes(l))) {
      expect(within(nav).queryByText(label)).toBeNull();
    }
  });

  it("keeps only one section open at a time", async () => {
    mockSignedIn(user({ groups: [1] }));
    renderApp("/");
    const nav = await openSideMenu();
    const header = (name: string) => within(nav).getByRole(style === "Card_menu" ? "button" : "menuitem", { name });

    fireEvent.click(header("Сервисы"));
    await waitFor(() => expect(header("Сервисы").getAttribute("aria-expanded")).toBe("true"));
    expect(await within(nav).findByRole("link", { name: "Загрузка DairyComp 305" })).toBeTruthy();

    fireEvent.click(header("Администрирование"));
    await waitFor(() => expect(header("Администрирование").getAttribute("aria-expanded")).toBe("true"));
    expect(header("Сервисы").getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(header("Администрирование"));
    await waitFor(() => expect(header("Администрирование").getAttribute("aria-expanded")).toBe("false"));
    expect(header("Сервисы").getAttribute("aria-expanded")).toBe("false");
  });

  it("collapses the sections and the side menu when the route changes", async () => {
    mockSignedIn(user({ groups: [1] }));
    const { router } = renderApp("/");
    let nav = await openSideMenu();
    const header = (name: string) => within(nav).getByRole(style === "Card_menu" ? "button" : "menuitem", { name });
    fireEvent.click(header("Администрирование"));

    fireEvent.click(await within(nav).findByRole("link", { name: "Настройка выгрузок" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/admin-export-list"));
    expect(await screen.findByText("Раздел в разработке")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Меню" }).getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("navigation", { name: "Главное меню" })).toBeNull();

    nav = await openSideMenu();
    expect(header("Администрирование").getAttribute("aria-expanded")).toBe("false");
  });
});

describe("side menu style", () => {
  it("is cards by default and a plain list for List_menu", async () => {
    mockSignedIn(everythingUserData({ boards_menu_style: "Card_menu" }));
    const first = renderApp("/");
    let nav = await openSideMenu();
    expect(within(nav).queryByRole("menu")).toBeNull();
    first.unmount();

    mockSignedIn(everythingUserData({ boards_menu_style: "List_menu" }));
    renderApp("/");
    nav = await openSideMenu();
    expect(within(nav).getByRole("menu")).toBeTruthy();
  });

  it("highlights the current page", async () => {
    mockSignedIn(everythingUserData());
    renderApp("/");
    const nav = await openSideMenu();
    expect(within(nav).getByRole("link", { name: "Главная" }).getAttribute("aria-current")).toBe("page");
  });
});

// Each test renders the app more than once and moves between pages: longer than most.
describe("pinning the side menu", { timeout: 45_000 }, () => {
  const menuButton = () => screen.getByRole("button", { name: "Меню" });
  const sideMenu = () => screen.queryByRole("navigation", { name: "Главное меню" });
  const sectionHeader = (nav: HTMLElement, name: string) => within(nav).getByRole("button", { name });

  /** The admin section's «Настройка выгрузок», a placeholder page that asks the server nothing. */
  async function goToExportSetup(nav: HTMLElement, router: ReturnType<typeof renderApp>["router"]) {
    if (sectionHeader(nav, "Администрирование").getAttribute("aria-expanded") !== "true") {
      fireEvent.click(sectionHeader(nav, "Администрирование"));
    }
    fireEvent.click(await within(nav).findByRole("link", { name: "Настройка выгрузок" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin-export-list"));
    expect(await screen.findByText("Раздел в разработке")).toBeTruthy();
  }

  it("on a wide screen keeps it open, with its section, across pages and the next visit", async () => {
    screenWidth(1280);
    mockSignedIn(everythingUserData({ groups: [1] }));
    const first = renderApp("/");
    let nav = await openSideMenu();

    fireEvent.click(within(nav).getByRole("button", { name: "Закрепить меню" }));
    expect(within(nav).getByRole("button", { name: "Открепить меню" }).getAttribute("aria-pressed")).toBe("true");
    await goToExportSetup(nav, first.router);

    expect(sideMenu()).toBeTruthy();
    expect(menuButton().getAttribute("aria-expanded")).toBe("true");
    expect(sectionHeader(nav, "Администрирование").getAttribute("aria-expanded")).toBe("true");
    first.unmount();

    renderApp("/");
    nav = await screen.findByRole("navigation", { name: "Главное меню" });
    expect(await within(nav).findByRole("button", { name: "Открепить меню" })).toBeTruthy();
  });

  it("unpinned, it closes on the next page again, and stays closed on the next visit", async () => {
    screenWidth(1280);
    mockSignedIn(everythingUserData({ groups: [1] }));
    const first = renderApp("/");
    const nav = await openSideMenu();
    fireEvent.click(within(nav).getByRole("button", { name: "Закрепить меню" }));

    fireEvent.click(within(nav).getByRole("button", { name: "Открепить меню" }));
    expect(within(nav).getByRole("button", { name: "Закрепить меню" }).getAttribute("aria-pressed")).toBe("false");
    await goToExportSetup(nav, first.router);

    await waitFor(() => expect(sideMenu()).toBeNull());
    first.unmount();
    renderApp("/");
    await screen.findByRole("button", { name: "Меню" });
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
  });

  it("closing a pinned menu with «Меню» unpins it", async () => {
    screenWidth(1280);
    mockSignedIn(everythingUserData({ groups: [3] }));
    const first = renderApp("/");
    const nav = await openSideMenu();
    fireEvent.click(within(nav).getByRole("button", { name: "Закрепить меню" }));

    fireEvent.click(menuButton());

    await waitFor(() => expect(sideMenu()).toBeNull());
    first.unmount();
    renderApp("/");
    await screen.findByRole("button", { name: "Меню" });
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
  });

  it("is not offered on a narrow screen, where the menu lies over the page", async () => {
    screenWidth(390);
    mockSignedIn(everythingUserData({ groups: [3] }));
    renderApp("/");

    const nav = await openSideMenu();

    expect(within(nav).queryByRole("button", { name: "Закрепить меню" })).toBeNull();
  });
});
