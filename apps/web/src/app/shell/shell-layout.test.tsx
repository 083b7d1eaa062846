import { render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../test/fixtures.ts";
import { mockApi } from "../../test/mock-api.ts";
import { renderApp } from "../../test/render-app.tsx";
import { everythingUserData, mockSignedIn } from "../../test/signed-in.ts";
import { PlaceholderPage } from "../PlaceholderPage.tsx";

const layoutOf = (container: HTMLElement) => container.querySelector<HTMLElement>("[data-layout]")?.dataset.layout;

async function expectFullPage(container: HTMLElement) {
  await waitFor(() => expect(layoutOf(container)).toBe("full"));
  expect(screen.queryByRole("banner")).toBeNull();
  expect(screen.queryByRole("button", { name: "Меню" })).toBeNull();
  expect(screen.queryByRole("navigation", { name: "Главное меню" })).toBeNull();
  expect(screen.queryByRole("contentinfo")).toBeNull();
}

describe("spec §2 layout rules in the app", () => {
  it.each([
    "/login",
    "/register",
    "/404",
    "/500",
    "/reset-password/token-1",
    "/submit-email",
    "/logout",
    "/token-confirm",
    "/terms-of-service",
    "/personal-data-agreement",
    "/changelog",
    "/yandex/token/redirect",
    "/registration-confirm/token-2",
    "/email-confirm/token-3",
    "/form/3f2a-uuid",
  ])("%s is a full page: no navbar, side menu or footer", async (path) => {
    mockApi({
      "POST /api/users/registration_confirm/": {
        status: 400,
        body: { code: "token_invalid", message: "Ссылка недействительна или устарела" },
      },
      "POST /api/users/change_email/confirm/": {
        status: 400,
        body: { code: "token_invalid", message: "Ссылка недействительна или устарела" },
      },
    });
    const { container } = renderApp(path);
    await expectFullPage(container);
  });

  it("keeps a full page full for a signed-in user", async () => {
    mockSignedIn();
    const { container } = renderApp("/terms-of-service");
    await expectFullPage(container);
    expect(await screen.findByRole("heading", { name: "Пользовательское соглашение" })).toBeTruthy();
  });

  it.each(["/constructor", "/constructor/c1", "/form"])(
    "%s takes the full-page layout but has no page yet, so it goes to /",
    async (path) => {
      mockSignedIn();
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe("/"));
      expect(await screen.findByText("Здравствуйте, Иван Петров")).toBeTruthy();
    },
  );

  it("renders nothing for paths under /api", async () => {
    const api = mockSignedIn();
    const { container, router } = renderApp("/api/users/data/");

    await waitFor(() => expect(router.state.navigation.state).toBe("idle"));
    expect(container.textContent).toBe("");
    expect(layoutOf(container)).toBeUndefined();
    expect(router.state.location.pathname).toBe("/api/users/data/");
    expect(api.calls).toHaveLength(0);
  });

  it("shows the shell with its footer on the home page", async () => {
    mockSignedIn();
    const { container } = renderApp("/");

    expect(await screen.findByText("Здравствуйте, Иван Петров")).toBeTruthy();
    expect(layoutOf(container)).toBe("shell");
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo").textContent).toBe(`© ${new Date().getFullYear()} АО Молочный край`);
  });

  it("names the product in the footer when the user has no company", async () => {
    mockSignedIn(userDataFixture({ user_companies: [] }));
    renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");
    await waitFor(() =>
      expect(screen.getByRole("contentinfo").textContent).toBe(`© ${new Date().getFullYear()} Надой`),
    );
  });

  it.each([
    // Not a report's uuid: the report page says so without asking the server.
    ["/report/15", "Отчёт не найден или недоступен"],
    ["/services/report/plan_fact_report/pf1", "Раздел в разработке"],
    ["/services/farm_audit/f1/2026-11-01", "Раздел в разработке"],
    // The demo site through the mocked API, which answers nothing: the page says it cannot open it.
    ["/equipment_monitoring/power_monitoring/hours-avg/demo", "Мониторинг недоступен"],
    ["/equipment_monitoring/power_monitoring/demo", "Мониторинг недоступен"],
  ])("%s has the shell without the footer", async (path, pageText) => {
    mockSignedIn();
    const { container } = renderApp(path);

    expect(await screen.findByText(pageText)).toBeTruthy();
    expect(layoutOf(container)).toBe("shell");
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.queryByRole("contentinfo")).toBeNull();
  });

  it("refuses a section of the admin area still to come to all but administrators", async () => {
    mockSignedIn(userDataFixture({ groups: [7], is_superuser: false }));
    renderApp("/admin-export-list");
    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
    expect(screen.queryByText("Раздел в разработке")).toBeNull();
  });

  it("shows an administrator the admin section still to come as such", async () => {
    mockSignedIn(userDataFixture({ groups: [1], is_superuser: false }));
    renderApp("/admin-export-list");
    expect(await screen.findByText("Раздел в разработке")).toBeTruthy();
  });

  it("sends an unknown path of a signed-in user to /", async () => {
    mockSignedIn();
    const { router } = renderApp("/no/such/page");

    expect(await screen.findByText("Здравствуйте, Иван Петров")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });

  it("sends a shell page of a visitor without a session to /login", async () => {
    mockApi({});
    const { router } = renderApp("/boards");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });
});

describe("breadcrumbs in the shell", () => {
  const crumbs = async () => {
    const nav = await screen.findByRole("navigation", { name: "Навигационная цепочка" });
    return {
      links: within(nav)
        .queryAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
      text: nav.textContent,
    };
  };

  it.each([
    ["/", [["Главная", "/"]], "Главная/Новости"],
    ["/boards", [["Главная", "/"]], "Главная/Доски задач"],
    [
      "/admin/manage_user",
      [
        ["Главная", "/"],
        ["Администрирование", "/admin"],
      ],
      "Главная/Администрирование/Пользователи",
    ],
    [
      "/tasks/t1",
      [
        ["Главная", "/"],
        ["Доски задач", "/boards"],
      ],
      "Главная/Доски задач/Задача",
    ],
    ["/services/key_generator/w1", [["Главная", "/"]], "Главная/Генератор ключей"],
    [
      "/equipment_monitoring/power_monitoring/hours/db1",
      [
        ["Главная", "/"],
        ["Мониторинг электроэнергии", "/equipment_monitoring/power_monitoring/db1"],
      ],
      "Главная/Мониторинг электроэнергии/Почасовое потребление",
    ],
    ["/lists", [["Главная", "/"]], "Главная/Списки"],
  ])("%s", async (path, links, text) => {
    mockSignedIn(everythingUserData({ groups: [1] }));
    renderApp(path);
    await waitFor(async () => expect(await crumbs()).toEqual({ links, text }));
  });
});

describe("pages of modules not built yet", () => {
  it("show the section's title, «Раздел в разработке» and a way home", async () => {
    mockSignedIn();
    renderApp("/services/milk_protocols");

    expect(await screen.findByRole("heading", { name: "Протоколы качества молока" })).toBeTruthy();
    expect(screen.getByText("Раздел в разработке")).toBeTruthy();
    expect(screen.getByRole("link", { name: "На главную" }).getAttribute("href")).toBe("/");
  });

  it("carry their own breadcrumb on a full page", async () => {
    // No planned route takes the full-page layout any more (the feedback form is built, issue 4):
    // the placeholder itself at such a path.
    const router = createMemoryRouter(
      [
        {
          path: "/form/:uuid",
          handle: { routeKey: "feedbackForm" },
          element: <PlaceholderPage routeKey="feedbackForm" />,
        },
      ],
      { initialEntries: ["/form/3f2a-uuid"] },
    );
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole("heading", { name: "Форма обратной связи" })).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Навигационная цепочка" });
    expect(nav.textContent).toBe("Главная/Форма обратной связи");
  });
});
