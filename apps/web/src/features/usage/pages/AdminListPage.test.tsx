import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminSections } from "../../../shared/routes/admin-sections.ts";
import { userDataFixture } from "../../../test/fixtures.ts";
import { mockSignedIn } from "../../../test/signed-in.ts";
import { adminData, renderPage, serveAdmin } from "../test-support.tsx";
import { AdminListPage } from "./AdminListPage.tsx";

const open = () => renderPage("/admin-list-page", <AdminListPage />);

describe("/admin-list-page", { timeout: 20_000 }, () => {
  it("shows every section of the admin area: built ones as links, with a line on each", async () => {
    serveAdmin();
    open();

    await screen.findByText("Администрирование");
    for (const section of adminSections()) {
      const title = screen.getByText(section.title);
      if (section.ready) expect(title.closest("a")?.getAttribute("href")).toBe(section.path);
      else expect(title.closest("a")).toBeNull();
      expect(screen.getByText(section.description)).toBeTruthy();
    }
    expect(screen.getByText("Пользователи").closest("a")?.getAttribute("href")).toBe("/manage-users");
    expect(screen.getByText("Журнал изменений").closest("a")?.getAttribute("href")).toBe("/admin/audit");
    const planned = screen.getByText("Настройка выгрузок");
    expect(planned.closest("a")).toBeNull();
    expect(planned.parentElement?.textContent).toContain("скоро");
  });

  it("is open to superusers too", async () => {
    serveAdmin({}, adminData({ groups: [], is_superuser: true }));
    open();

    expect(await screen.findByText("Роли")).toBeTruthy();
  });

  it("refuses users who are not administrators", async () => {
    mockSignedIn(userDataFixture({ groups: [7] }));
    open();

    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
    expect(screen.queryByText("Пользователи")).toBeNull();
  });
});
