import type { AuditEntry } from "@nadoy/contract/admin-users";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";
import { auditEntry, lastQuery, pickOption, queriesTo, serveAdmin, userRow } from "../test-support.ts";

const optionTitled = (title: string) => document.querySelector(`.ant-select-item-option[title="${title}"]`);

const AUDIT = "/api/admin/audit/";
const ACTIONS = [
  { action: "user_updated", text: "Пользователь изменён" },
  { action: "user_deactivated", text: "Пользователь отключён" },
];
const entries: AuditEntry[] = [
  auditEntry(),
  auditEntry({
    id: 2,
    user: null,
    action: "login_failed",
    action_text: "Неудачный вход",
    ip: null,
    details: { username: "ghost" },
  }),
];

function serveAudit() {
  const api = serveAdmin({
    [`GET ${AUDIT}`]: { status: 200, body: { items: entries, total: 120, page: 1, page_size: 50, actions: ACTIONS } },
    "GET /api/admin/users/": () => {
      const q = lastQuery(api).get("q") ?? "";
      const users = [userRow({ id: 1, username: "admin", name: "Анна Админова" }), userRow()];
      const items = users.filter((user) => `${user.name} ${user.username}`.toLowerCase().includes(q.toLowerCase()));
      return { status: 200, body: { items, total: items.length, page: 1, page_size: 25 } };
    },
  });
  return api;
}

const auditQuery = (api: ReturnType<typeof serveAudit>) => Object.fromEntries(queriesTo(api, AUDIT).at(-1) ?? []);

describe("/admin", { timeout: 20_000 }, () => {
  it("lists the admin area's pages, with the planned one marked «скоро»", async () => {
    serveAdmin();
    renderApp("/admin");

    expect((await screen.findByText("Пользователи", { selector: "a" })).getAttribute("href")).toBe("/manage-users");
    expect(screen.getByText("Роли", { selector: "a" }).getAttribute("href")).toBe("/manage-roles");
    expect(screen.getByText("Журнал изменений", { selector: "a" }).getAttribute("href")).toBe("/admin/audit");
    expect(screen.getByText("Компании и фермы", { selector: "a" }).getAttribute("href")).toBe("/business-pages");
    expect(screen.getByText("Статистика загрузок", { selector: "a" }).getAttribute("href")).toBe("/analytics-db");
    const planned = screen.getByText("Настройка выгрузок");
    expect(planned.closest("a")).toBeNull();
    expect(planned.parentElement?.textContent).toContain("скоро");
    expect(screen.getAllByText("скоро")).toHaveLength(1);
  });

  it("says an unknown admin page is not found, with a way back", async () => {
    serveAdmin();
    renderApp("/admin/nonsense");
    expect(await screen.findByText("Раздел не найден")).toBeTruthy();
    expect(screen.getByText("К администрированию").closest("a")?.getAttribute("href")).toBe("/admin");
  });
});

describe("/admin/audit", { timeout: 20_000 }, () => {
  it("shows who did what and when, with «было → стало» per changed key", async () => {
    serveAudit();
    renderApp("/admin/audit");

    const changed = (await screen.findByText("Пользователь изменён", { selector: "td" })).closest("tr") as HTMLElement;
    // The browser's local time to the minute, the changed user by name, the field by its label.
    expect(changed.textContent).toMatch(/05\.03\.2026 \d\d:30(?!:)/);
    expect(changed.textContent).toContain("Анна Админова");
    expect(changed.textContent).toContain("Иван Петров");
    expect(changed.textContent).toContain("10.0.0.5");
    expect(within(changed).getByRole("listitem").textContent).toBe("Имя: Иван → Илья");

    const facts = screen.getByText("Неудачный вход", { selector: "td" }).closest("tr") as HTMLElement;
    expect(facts.textContent).toContain("Система");
    expect(within(facts).getByRole("listitem").textContent).toBe("Логин: ghost");
    expect(facts.querySelector("pre")).toBeNull();
  });

  it("filters by action, user (searched on the server), dates and page", async () => {
    const api = serveAudit();
    renderApp("/admin/audit");
    await screen.findByText("Пользователь изменён", { selector: "td" });
    expect(auditQuery(api)).toEqual({ page: "1" });

    await pickOption(screen.getByRole("combobox", { name: "Действие" }), "Пользователь отключён");
    await waitFor(() => expect(auditQuery(api)).toEqual({ action: "user_deactivated", page: "1" }));

    const users = screen.getByRole("combobox", { name: "Пользователь" });
    fireEvent.mouseDown(users);
    await waitFor(() => expect(optionTitled("Иван Петров (zootech)")).not.toBeNull());
    fireEvent.change(users, { target: { value: "анна" } });
    // The search reaches the server once typing pauses: then only the match is offered.
    await waitFor(() => expect(optionTitled("Иван Петров (zootech)")).toBeNull());
    await pickOption(users, "Анна Админова (admin)");
    await waitFor(() => expect(auditQuery(api)).toEqual({ action: "user_deactivated", user_id: "1", page: "1" }));
    expect(queriesTo(api, "/api/admin/users/").map((q) => q.get("q"))).toEqual(["", "анна"]);

    const from = screen.getByPlaceholderText("С");
    fireEvent.mouseDown(from);
    fireEvent.change(from, { target: { value: "01.03.2026" } });
    fireEvent.keyDown(from, { key: "Enter", code: "Enter" });
    const to = screen.getByPlaceholderText("По");
    fireEvent.change(to, { target: { value: "05.03.2026" } });
    fireEvent.keyDown(to, { key: "Enter", code: "Enter" });
    await waitFor(() =>
      expect(auditQuery(api)).toEqual({
        action: "user_deactivated",
        user_id: "1",
        from: "2026-03-01",
        to: "2026-03-05",
        page: "1",
      }),
    );

    fireEvent.click(await screen.findByTitle("3"));
    await waitFor(() => expect(auditQuery(api).page).toBe("3"));
  });
});

describe("the admin area for others", { timeout: 20_000 }, () => {
  it.each([
    ["/manage-users"],
    ["/admin/manage_user"],
    ["/manage-roles"],
    ["/admin/manage_roles"],
    ["/admin"],
    ["/admin/audit"],
  ])("refuses %s to users who are not administrators, without asking the admin API", async (path) => {
    const api = mockSignedIn(userDataFixture({ groups: [2] }));
    renderApp(path);
    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
    expect(api.calls.some((call) => call.path.startsWith("/api/admin/"))).toBe(false);
  });
});
