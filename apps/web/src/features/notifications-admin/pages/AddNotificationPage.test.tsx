import type { SendNotificationBody } from "@nadoy/contract/content";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import type { RecordedCall } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";
import { tickCheckbox } from "../../../test/tick-checkbox.ts";

const SEND = "POST /api/manage/notifications/";
const RECIPIENTS = "GET /api/manage/recipients/";
const COMPANY_A = "00000000-0000-4000-8000-0000000000a1";
const COMPANY_B = "00000000-0000-4000-8000-0000000000b2";
const USERS = [
  { id: 5, username: "petrov", name: "Пётр Петров" },
  { id: 6, username: "sidorova", name: "Анна Сидорова" },
];
const editor = userDataFixture({ groups: [2] });

/** An editor's session; the recipients search filters by ?q= like the server, the send answers `send`. */
function serveEditor(send: { status: number; body?: unknown } = { status: 201, body: { id: 1, recipients: 25 } }) {
  const api = mockSignedIn(editor, {
    [RECIPIENTS]: () => {
      const url = new URL(String(api.fetchMock.mock.lastCall?.[0]), "http://localhost");
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      return {
        status: 200,
        body: {
          users: USERS.filter((user) => `${user.name} ${user.username}`.toLowerCase().includes(q)),
          companies: [
            { uuid: COMPANY_A, name: "АО Молочный край" },
            { uuid: COMPANY_B, name: "ООО Заря" },
          ],
        },
      };
    },
    [SEND]: send,
    "GET /api/manage/notifications/": { status: 200, body: { items: [], total: 0, page: 1, page_size: 20 } },
    "GET /api/manage/announcement/": { status: 200, body: { text: null } },
  });
  return api;
}

const sends = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === "POST" && call.path === "/api/manage/notifications/").map((c) => c.body);

const recipientSearches = (api: ReturnType<typeof serveEditor>) =>
  api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/manage/recipients/")
    .map((url) => url.searchParams.get("q"));

async function fillMessage({ link = "" }: { link?: string } = {}) {
  fireEvent.change(await screen.findByLabelText("Заголовок"), { target: { value: "  Плановые работы " } });
  fireEvent.change(screen.getByLabelText("Сообщение"), { target: { value: "Портал недоступен с 22:00" } });
  if (link) fireEvent.change(screen.getByLabelText("Ссылка"), { target: { value: link } });
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: "Отправить" }));

const optionTitled = (title: string) => document.querySelector(`.ant-select-item-option[title="${title}"]`);

async function pickOption(combobox: HTMLElement, title: string) {
  fireEvent.mouseDown(combobox);
  const option = await waitFor(() => {
    const found = optionTitled(title);
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
  fireEvent.click(option);
}

const message = { title: "Плановые работы", msg: "Портал недоступен с 22:00" };

describe("/add-notification", { timeout: 20_000 }, () => {
  it("sends to everyone, shows how many got it and opens the sent list", async () => {
    const api = serveEditor();
    const { router } = renderApp("/add-notification");
    await fillMessage();
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe("/manage-notifications"));
    expect(await screen.findByText("Отправлено: 25 получателям")).toBeTruthy();
    expect(sends(api.calls)).toEqual([
      { ...message, link: null, audience: { kind: "all" } } satisfies SendNotificationBody,
    ]);
  });

  it("sends to users found by a debounced search, with a same-site link", async () => {
    const api = serveEditor({ status: 201, body: { id: 2, recipients: 1 } });
    const { router } = renderApp("/add-notification");
    await fillMessage({ link: "/reports" });
    fireEvent.click(screen.getByRole("radio", { name: "Пользователям" }));

    const picker = await screen.findByRole("combobox", { name: "Пользователи" });
    fireEvent.mouseDown(picker);
    await waitFor(() => expect(optionTitled("Анна Сидорова (sidorova)")).not.toBeNull());
    for (const typed of ["П", "Пе", "Пет"]) fireEvent.change(picker, { target: { value: typed } });
    await waitFor(() => expect(optionTitled("Анна Сидорова (sidorova)")).toBeNull());
    // One request once typing pauses, none per keystroke.
    expect(recipientSearches(api).filter((q) => q !== "")).toEqual(["Пет"]);
    await pickOption(picker, "Пётр Петров (petrov)");
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe("/manage-notifications"));
    expect(await screen.findByText("Отправлено: 1 получателю")).toBeTruthy();
    expect(sends(api.calls)).toEqual([{ ...message, link: "/reports", audience: { kind: "users", user_ids: [5] } }]);
  });

  it("sends to roles ticked among the seven", async () => {
    const api = serveEditor();
    const { router } = renderApp("/add-notification");
    await fillMessage({ link: "https://lab.example.ru/protocols" });
    fireEvent.click(screen.getByRole("radio", { name: "Ролям" }));

    await screen.findByRole("checkbox", { name: "Клиент" });
    expect(screen.getAllByRole("checkbox")).toHaveLength(7);
    await tickCheckbox("Клиент");
    await tickCheckbox("Зоотехник");
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe("/manage-notifications"));
    expect(sends(api.calls)).toEqual([
      { ...message, link: "https://lab.example.ru/protocols", audience: { kind: "roles", roles: [3, 7] } },
    ]);
  });

  it("sends to companies picked from the recipients answer", async () => {
    const api = serveEditor();
    const { router } = renderApp("/add-notification");
    await fillMessage();
    fireEvent.click(screen.getByRole("radio", { name: "Компаниям" }));
    await pickOption(await screen.findByRole("combobox", { name: "Компании" }), "ООО Заря");
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe("/manage-notifications"));
    expect(sends(api.calls)).toEqual([
      { ...message, link: null, audience: { kind: "companies", company_uuids: [COMPANY_B] } },
    ]);
  });

  it("asks for someone to send to before sending to roles", async () => {
    const api = serveEditor();
    renderApp("/add-notification");
    await fillMessage();
    fireEvent.click(screen.getByRole("radio", { name: "Ролям" }));
    await screen.findByRole("checkbox", { name: "Клиент" });
    submit();

    expect(await screen.findByText("Выберите хотя бы одну роль")).toBeTruthy();
    expect(sends(api.calls)).toEqual([]);
  });

  it.each(["javascript:alert(1)", "//evil.example.com", "reports"])("refuses the link %s", async (link) => {
    const api = serveEditor();
    renderApp("/add-notification");
    await fillMessage({ link });
    submit();

    expect(await screen.findByText("Ссылка — путь портала (/reports) или адрес http(s)://")).toBeTruthy();
    expect(sends(api.calls)).toEqual([]);
  });

  it("shows the server's field messages under their fields and stays", async () => {
    const api = serveEditor({
      status: 400,
      body: {
        code: "validation_error",
        message: "Проверьте введённые данные",
        fields: { title: "Такой заголовок не годится", audience: "Нет ни одного получателя" },
      },
    });
    const { router } = renderApp("/add-notification");
    await fillMessage();
    submit();

    expect(await screen.findByText("Такой заголовок не годится")).toBeTruthy();
    expect(screen.getByText("Нет ни одного получателя")).toBeTruthy();
    expect(sends(api.calls)).toHaveLength(1);
    expect(router.state.location.pathname).toBe("/add-notification");
    expect(screen.getByRole("button", { name: "Отправить" }).getAttribute("aria-busy")).toBe("false");
  });

  it("is refused to users who are not editors, without asking the server", async () => {
    const api = mockSignedIn(userDataFixture({ groups: [3] }));
    renderApp("/add-notification");

    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
    expect(screen.queryByLabelText("Заголовок")).toBeNull();
    expect(api.calls.some((call) => call.path.startsWith("/api/manage/"))).toBe(false);
  });
});
