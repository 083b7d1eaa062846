import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import {
  adminData,
  adminUser,
  COMPANY,
  lastQuery,
  OTHER_COMPANY,
  pickOption,
  queriesTo,
  serveAdmin,
  userRow,
} from "../test-support.ts";

const LIST = "GET /api/admin/users/";
const USERS_PATH = "/api/admin/users/";
const rows = [
  userRow(),
  userRow({
    id: 13,
    username: "viewer",
    name: "Ольга Смирнова",
    email: "viewer@example.ru",
    role: 6,
    is_active: false,
    companies: [],
    last_login_at: null,
  }),
  userRow({ id: 14, username: "root", name: "root", email: "root@example.ru", role: null, is_superuser: true }),
];
const WARNING = "Пользователь сразу выйдет из системы на всех устройствах.";
const listAnswer = { status: 200, body: { items: rows, total: 60, page: 1, page_size: 25 } };

async function rowOf(username: string) {
  return (await screen.findByText(username, { selector: "a" })).closest("tr") as HTMLElement;
}

/** The open drawer (the create/edit form). */
async function drawer() {
  return waitFor(() => {
    const found = document.querySelector(".ant-drawer-open .ant-drawer-body");
    if (!found?.querySelector("form")) throw new Error("no drawer form");
    return found as HTMLElement;
  });
}

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== "GET" && c.path.startsWith(USERS_PATH));

describe("/manage-users", { timeout: 20_000 }, () => {
  it("lists users with role, companies, status and last login", async () => {
    serveAdmin({ [LIST]: listAnswer });
    renderApp("/manage-users");

    const zootech = await rowOf("zootech");
    expect(zootech.textContent).toContain("Иван Петров");
    expect(zootech.textContent).toContain("zootech@example.ru");
    expect(zootech.textContent).toContain("Зоотехник");
    expect(zootech.textContent).toContain(COMPANY.name);
    expect(zootech.textContent).toContain("Активен");
    expect(zootech.textContent).toMatch(/05\.03\.2026 \d\d:30/);
    const viewer = await rowOf("viewer");
    expect(viewer.textContent).toContain("Наблюдатель");
    expect(viewer.textContent).toContain("Отключён");
    const root = await rowOf("root");
    expect(root.textContent).toContain("Суперпользователь");
    expect(root.textContent).toContain("Роль не назначена");
  });

  it("puts the search, role, activity and page in the URL and the query", async () => {
    const api = serveAdmin({ [LIST]: listAnswer });
    const { router } = renderApp("/manage-users");
    await rowOf("zootech");

    const search = screen.getByLabelText("Поиск");
    for (const typed of ["п", "пе", "пет"]) fireEvent.change(search, { target: { value: typed } });
    await waitFor(() => expect(router.state.location.search).toBe("?q=%D0%BF%D0%B5%D1%82"));
    await waitFor(() => expect(queriesTo(api, USERS_PATH).at(-1)?.get("q")).toBe("пет"));
    // One request once typing pauses, none per keystroke.
    expect(queriesTo(api, USERS_PATH).map((q) => q.get("q"))).toEqual(["", "пет"]);

    await pickOption(screen.getByRole("combobox", { name: "Роль" }), "Зоотехник");
    await waitFor(() => expect(queriesTo(api, USERS_PATH).at(-1)?.get("role")).toBe("3"));
    await pickOption(screen.getByRole("combobox", { name: "Активность" }), "Отключённые");
    await waitFor(() => expect(queriesTo(api, USERS_PATH).at(-1)?.get("active")).toBe("inactive"));
    expect(new URLSearchParams(router.state.location.search).get("role")).toBe("3");

    fireEvent.click(await screen.findByTitle("2"));
    await waitFor(() => expect(queriesTo(api, USERS_PATH).at(-1)?.get("page")).toBe("2"));
    const last = queriesTo(api, USERS_PATH).at(-1);
    expect(Object.fromEntries(last ?? [])).toEqual({ q: "пет", role: "3", active: "inactive", page: "2" });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: "пет",
      role: "3",
      active: "inactive",
      page: "2",
    });
  });

  it("reads the filters from the URL on /admin/manage_user", async () => {
    const api = serveAdmin({
      [LIST]: () => ({
        status: 200,
        body: { items: [], total: 0, page: Number(lastQuery(api).get("page")), page_size: 25 },
      }),
    });
    renderApp("/admin/manage_user?q=ivan&role=7&active=active&page=3");
    expect(await screen.findByText("Никого не найдено")).toBeTruthy();
    expect(Object.fromEntries(queriesTo(api, USERS_PATH)[0] ?? [])).toEqual({
      q: "ivan",
      role: "7",
      active: "active",
      page: "3",
    });
  });

  it("creates a user with the whole body, then shows the server's conflict and field messages", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { code: "conflict", message: "Логин или email уже заняты", fields: { username: "Этот логин уже занят" } },
    };
    const api = serveAdmin({ [LIST]: listAnswer, [`POST ${USERS_PATH}`]: () => answer });
    renderApp("/manage-users");
    fireEvent.click(await screen.findByRole("button", { name: /Добавить пользователя/ }));
    const form = await drawer();

    fireEvent.change(within(form).getByLabelText("Логин"), { target: { value: " petrova " } });
    fireEvent.change(within(form).getByLabelText("Эл. почта"), { target: { value: "petrova@example.ru" } });
    fireEvent.change(within(form).getByLabelText("Имя"), { target: { value: "Анна" } });
    fireEvent.change(within(form).getByLabelText("Фамилия"), { target: { value: "Петрова" } });
    await pickOption(within(form).getByRole("combobox", { name: "Роль" }), "Агроном");
    await pickOption(within(form).getByRole("combobox", { name: "Компании" }), OTHER_COMPANY.name);
    fireEvent.click(within(form).getByRole("switch", { name: "Списки" }));
    expect(within(form).queryByRole("switch", { name: "Суперпользователь" })).toBeNull();
    fireEvent.click(within(form).getByRole("button", { name: "Создать" }));

    expect(await screen.findByText("Этот логин уже занят")).toBeTruthy();
    expect(screen.getByText("Логин или email уже заняты")).toBeTruthy();
    expect(writes(api.calls).map((c) => c.body)).toEqual([
      {
        username: "petrova",
        email: "petrova@example.ru",
        first_name: "Анна",
        last_name: "Петрова",
        role: 4,
        is_active: true,
        company_uuids: [OTHER_COMPANY.uuid],
        modules: {
          dc_305: false,
          export_module: false,
          use_bi: false,
          boards: false,
          table_lists: true,
          tables_enabled: false,
        },
        farm_uuids: [],
        database_uuids: [],
        dtm_uuids: [],
        report_uuids: [],
        iframe_group_ids: [],
      },
    ]);

    answer = {
      status: 400,
      body: { code: "validation_error", message: "Проверьте введённые данные", fields: { email: "Неверный email" } },
    };
    fireEvent.click(within(form).getByRole("button", { name: "Создать" }));
    expect(await screen.findByText("Неверный email")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Логин или email уже заняты")).toBeNull());

    answer = { status: 201, body: adminUser({ id: 20, username: "petrova" }) };
    fireEvent.click(within(form).getByRole("button", { name: "Создать" }));
    expect(await screen.findByText("Пользователь создан, ему отправлено письмо для входа")).toBeTruthy();
    expect(writes(api.calls)).toHaveLength(3);
  });

  it("edits a user by sending only the changed fields", async () => {
    const api = serveAdmin({
      [LIST]: listAnswer,
      "GET /api/admin/users/12/": { status: 200, body: adminUser() },
      "PATCH /api/admin/users/12/": { status: 200, body: adminUser({ first_name: "Илья", role: 5 }) },
    });
    renderApp("/manage-users");
    fireEvent.click(await rowOf("zootech"));
    const form = await drawer();

    expect((within(form).getByLabelText("Логин") as HTMLInputElement).value).toBe("zootech");
    fireEvent.change(within(form).getByLabelText("Имя"), { target: { value: "Илья" } });
    await pickOption(within(form).getByRole("combobox", { name: "Роль" }), "Управляющий фермой");
    fireEvent.click(within(form).getByRole("button", { name: "Сохранить" }));

    expect(await screen.findByText("Изменения сохранены")).toBeTruthy();
    expect(writes(api.calls).map((c) => [c.method, c.path, c.body])).toEqual([
      ["PATCH", "/api/admin/users/12/", { first_name: "Илья", role: 5 }],
    ]);
  });

  it("sets «Без роли» as role null and a module flag as modules.dc_305", async () => {
    const api = serveAdmin({
      [LIST]: listAnswer,
      "GET /api/admin/users/12/": { status: 200, body: adminUser() },
      "PATCH /api/admin/users/12/": { status: 200, body: adminUser() },
    });
    renderApp("/manage-users");
    fireEvent.click(await rowOf("zootech"));
    const form = await drawer();

    fireEvent.click(within(form).getByRole("switch", { name: "Загрузка DC305" }));
    await pickOption(within(form).getByRole("combobox", { name: "Роль" }), "Без роли");
    fireEvent.click(within(form).getByRole("button", { name: "Сохранить" }));

    await waitFor(() => expect(writes(api.calls)).toHaveLength(1));
    expect(writes(api.calls)[0]?.body).toEqual({ role: null, modules: { dc_305: true } });
  });

  it("asks before deactivating, then sends is_active false", async () => {
    const api = serveAdmin({
      [LIST]: listAnswer,
      "GET /api/admin/users/12/": { status: 200, body: adminUser() },
      "PATCH /api/admin/users/12/": { status: 200, body: adminUser({ is_active: false }) },
    });
    renderApp("/manage-users");
    fireEvent.click(await rowOf("zootech"));
    const form = await drawer();
    const active = within(form).getByRole("switch", { name: "Активен" });

    fireEvent.click(active);
    let confirm = await screen.findByText(WARNING);
    fireEvent.click(within(confirm.closest(".ant-modal") as HTMLElement).getByRole("button", { name: "Отмена" }));
    await waitFor(() => expect(active.getAttribute("aria-checked")).toBe("true"));

    fireEvent.click(active);
    // The cancelled dialog stays in the document, hidden: the new one is the last.
    confirm = (await screen.findAllByText(WARNING)).at(-1) as HTMLElement;
    fireEvent.click(within(confirm.closest(".ant-modal") as HTMLElement).getByRole("button", { name: "Отключить" }));
    await waitFor(() => expect(active.getAttribute("aria-checked")).toBe("false"));
    expect(writes(api.calls)).toHaveLength(0);

    fireEvent.click(within(form).getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(writes(api.calls)).toHaveLength(1));
    expect(writes(api.calls)[0]?.body).toEqual({ is_active: false });
  });

  it("shows the superuser switch to superusers only, and sends it when changed", async () => {
    const handlers = {
      [LIST]: listAnswer,
      "GET /api/admin/users/12/": { status: 200, body: adminUser() },
      "PATCH /api/admin/users/12/": { status: 200, body: adminUser({ is_superuser: true }) },
    };
    serveAdmin(handlers);
    const first = renderApp("/manage-users");
    fireEvent.click(await rowOf("zootech"));
    let form = await drawer();
    expect(within(form).getByRole("switch", { name: "Загрузка DC305" })).toBeTruthy();
    expect(within(form).queryByRole("switch", { name: "Суперпользователь" })).toBeNull();
    first.unmount();

    const api = serveAdmin(handlers, adminData({ groups: [], is_superuser: true }));
    renderApp("/manage-users");
    fireEvent.click(await rowOf("zootech"));
    form = await drawer();
    fireEvent.click(within(form).getByRole("switch", { name: "Суперпользователь" }));
    fireEvent.click(within(form).getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(writes(api.calls)).toHaveLength(1));
    expect(writes(api.calls)[0]?.body).toEqual({ is_superuser: true });
  });

  it("sends the password reset link", async () => {
    const api = serveAdmin({
      [LIST]: listAnswer,
      "GET /api/admin/users/12/": { status: 200, body: adminUser() },
      "POST /api/admin/users/12/password-reset/": { status: 204 },
    });
    renderApp("/manage-users");
    fireEvent.click(await rowOf("zootech"));
    const form = await drawer();

    fireEvent.click(within(form).getByRole("button", { name: "Отправить ссылку для смены пароля" }));
    expect(await screen.findByText("Ссылка для смены пароля отправлена на почту пользователя")).toBeTruthy();
    expect(writes(api.calls).map((c) => [c.method, c.path])).toEqual([["POST", "/api/admin/users/12/password-reset/"]]);
  });
});
