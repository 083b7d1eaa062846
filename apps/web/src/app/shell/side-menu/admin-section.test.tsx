import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import { everythingUserData, mockSignedIn } from "../../../test/signed-in.ts";

const DATABASES = {
  "GET /api/admin/analytics-db/": {
    status: 200,
    body: [
      {
        uuid: "1b2c3d4e-5f60-4718-92a3-b4c5d6e7f809",
        name: "Стадо Заречная",
        server: "db1.nadoy.local",
        db_name: "herd",
        active: true,
        company: { uuid: "8a1d0c2e-3b4f-4e5a-8f6b-7c8d9e0f1a2b", name: "АО Молочный край" },
        uploads_count: 3,
        last_upload_at: "2026-11-20T07:15:00.000Z",
        rows_total: 1200,
      },
    ],
  },
};

async function openAdminSection() {
  fireEvent.click(await screen.findByRole("button", { name: "Меню" }));
  const nav = await screen.findByRole("navigation", { name: "Главное меню" });
  fireEvent.click(await within(nav).findByText("Администрирование"));
  await within(nav).findByText("Панель администратора");
  return nav;
}

// Spec §6: the admin section's entries are the admin section, user reports, DB analytics and
// export setup (side menu links /admin, /user-reports, /admin-list-page, /admin-export-list).
describe("the side menu's administration entries", { timeout: 20_000 }, () => {
  it("are four different pages: the admin panel and the databases' statistics are not one page", async () => {
    mockSignedIn(everythingUserData({ groups: [1] }), DATABASES);
    const { router } = renderApp("/");

    let nav = await openAdminSection();
    const entries = within(nav)
      .getAllByRole("link")
      .filter((a) =>
        ["/admin", "/user-reports", "/admin-list-page", "/admin-export-list"].includes(a.getAttribute("href") ?? ""),
      )
      .map((a) => [a.textContent, a.getAttribute("href")]);
    expect(entries).toEqual([
      ["Панель администратора", "/admin"],
      ["Посещаемость", "/user-reports"],
      ["Статистика загрузок", "/admin-list-page"],
      ["Настройка выгрузок", "/admin-export-list"],
    ]);

    // The panel: every section of the admin area.
    fireEvent.click(within(nav).getByText("Панель администратора"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    expect(await screen.findByRole("heading", { name: "Администрирование" })).toBeTruthy();
    expect(screen.getByText("Журнал изменений")).toBeTruthy();

    // DB analytics: the databases with their uploads, not the panel again.
    nav = await openAdminSection();
    fireEvent.click(within(nav).getByText("Статистика загрузок"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin-list-page"));
    expect(await screen.findByRole("heading", { name: "Статистика загрузок" })).toBeTruthy();
    expect(await screen.findByText("Стадо Заречная")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Администрирование" })).toBeNull();
    expect(screen.queryByText("Журнал изменений")).toBeNull();
    expect(document.title).toBe("Статистика загрузок — Надой");
  });
});
