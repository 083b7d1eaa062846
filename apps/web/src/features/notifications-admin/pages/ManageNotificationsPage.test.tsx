import type { SentNotification } from "@nadoy/contract/content";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture, userProfileFixture } from "../../../test/fixtures.ts";
import type { RecordedCall } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";

const ANNOUNCEMENT = "/api/manage/announcement/";

const sent = (id: number, overrides: Partial<SentNotification> = {}): SentNotification => ({
  id,
  title: `Уведомление ${id}`,
  msg: `Текст ${id}`,
  link: null,
  audience_text: "Все пользователи",
  recipients: 10,
  read_count: 0,
  created_by: { id: 9, name: "Ольга Редактор" },
  created_at: new Date(2025, 10, id, 9, 30).toISOString(),
  ...overrides,
});

/** The server's answer: one page, newest first as the server orders it. */
const sentPage = (items: SentNotification[], total = items.length) => ({ items, total, page: 1, page_size: 20 });

/**
 * An editor's session with a sent list and an announcement kept like the server keeps it: the
 * user data carries whatever was last PUT.
 */
function serveEditor(list: SentNotification[] = [], announcement: string | null = null) {
  let current = announcement;
  const editor = userDataFixture({ groups: [2] });
  return mockSignedIn(editor, {
    "GET /api/users/data/": () => ({ status: 200, body: { ...editor, announcement: current } }),
    "GET /api/users/user_profile/": { status: 200, body: userProfileFixture({ last_read_announcement: null }) },
    "GET /api/manage/notifications/": { status: 200, body: sentPage(list) },
    [`GET ${ANNOUNCEMENT}`]: () => ({ status: 200, body: { text: current } }),
    [`PUT ${ANNOUNCEMENT}`]: (call) => {
      current = (call.body as { text: string | null }).text;
      return { status: 200, body: { text: current } };
    },
  });
}

const puts = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === "PUT" && call.path === ANNOUNCEMENT).map((call) => call.body);

const table = () => screen.findByRole("table");
const bodyRows = async () =>
  within(await table())
    .getAllByRole("row")
    .slice(1);

describe("/manage-notifications", { timeout: 20_000 }, () => {
  it("lists what was sent, in the server's order (newest first), with read counts, date and author", async () => {
    serveEditor([
      sent(28, {
        title: "Отчёт готов",
        msg: "Средний надой 31,4 кг",
        link: "/reports",
        audience_text: "Роли: Клиент",
        recipients: 10,
        read_count: 3,
      }),
      sent(3, { title: "Старое", read_count: 10, recipients: 10 }),
    ]);
    renderApp("/manage-notifications");

    await screen.findByText("Отчёт готов");
    const [first, second] = await bodyRows();
    expect(first?.textContent).toContain("Отчёт готов");
    expect(first?.textContent).toContain("Средний надой 31,4 кг");
    expect(first?.textContent).toContain("/reports");
    expect(first?.textContent).toContain("Роли: Клиент");
    expect(first?.textContent).toContain("прочитали 3 из 10");
    expect(first?.textContent).toContain("28.11.2025 09:30");
    expect(first?.textContent).toContain("Ольга Редактор");
    expect(
      within(first as HTMLElement)
        .getByRole("progressbar")
        .getAttribute("aria-valuenow"),
    ).toBe("30");
    expect(second?.textContent).toContain("Старое");
    expect(second?.textContent).toContain("прочитали 10 из 10");
  });

  it("«Отправить уведомление» opens the send form", async () => {
    serveEditor();
    const { router } = renderApp("/manage-notifications");
    expect(await screen.findByText("Уведомлений ещё не отправляли")).toBeTruthy();

    fireEvent.click(screen.getByRole("link", { name: /Отправить уведомление/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/add-notification"));
  });

  it("sets the announcement with PUT {text}, and the announcement bar shows it", async () => {
    const api = serveEditor();
    renderApp("/manage-notifications");
    expect(await screen.findByText("Объявления сейчас нет.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Снять объявление" }).hasAttribute("disabled")).toBe(true);

    fireEvent.change(screen.getByLabelText("Текст объявления"), {
      target: { value: " Плановые работы 30 ноября с 22:00 " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Сохранить объявление" }));

    expect(await screen.findByText("Объявление сохранено")).toBeTruthy();
    expect(puts(api.calls)).toEqual([{ text: "Плановые работы 30 ноября с 22:00" }]);
    const bar = await screen.findByRole("alert", { name: "Объявление" });
    expect(bar.textContent).toContain("Плановые работы 30 ноября с 22:00");
    expect(screen.getByRole("alert", { name: "Текущее объявление" }).textContent).toContain(
      "Плановые работы 30 ноября с 22:00",
    );
  });

  it("does not save an empty announcement", async () => {
    const api = serveEditor();
    renderApp("/manage-notifications");
    fireEvent.change(await screen.findByLabelText("Текст объявления"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Сохранить объявление" }));

    expect(await screen.findByText("Введите текст объявления")).toBeTruthy();
    expect(puts(api.calls)).toEqual([]);
  });

  it("takes the announcement down with PUT {text: null} after confirmation", async () => {
    const api = serveEditor([], "Плановые работы");
    renderApp("/manage-notifications");
    expect((await screen.findByRole("alert", { name: "Текущее объявление" })).textContent).toContain("Плановые работы");
    expect(await screen.findByRole("alert", { name: "Объявление" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Снять объявление" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Снять объявление?");
    expect(puts(api.calls)).toEqual([]);

    fireEvent.click(within(dialog).getByRole("button", { name: "Отмена" }));
    expect(puts(api.calls)).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Снять объявление" }));
    const again = (await screen.findAllByRole("dialog")).at(-1) as HTMLElement;
    fireEvent.click(within(again).getByRole("button", { name: "Снять" }));

    expect(await screen.findByText("Объявления сейчас нет.")).toBeTruthy();
    expect(puts(api.calls)).toEqual([{ text: null }]);
    await waitFor(() => expect(screen.queryByRole("alert", { name: "Объявление" })).toBeNull());
  });

  it("asks the server for the next page of sends", async () => {
    const editor = userDataFixture({ groups: [2] });
    const api = mockSignedIn(editor, {
      "GET /api/manage/notifications/": (call) => {
        const page = Number(call.query.get("page") ?? 1);
        const first = page === 1 ? 45 : 25;
        const items = Array.from({ length: 20 }, (_, i) => sent(first - i, { title: `Стр. ${page}, №${i + 1}` }));
        return { status: 200, body: { items, total: 45, page, page_size: 20 } };
      },
      [`GET ${ANNOUNCEMENT}`]: { status: 200, body: { text: null } },
    });
    renderApp("/manage-notifications");
    expect(await screen.findByText("Стр. 1, №1")).toBeTruthy();

    fireEvent.click(screen.getByRole("listitem", { name: "2" }));

    expect(await screen.findByText("Стр. 2, №1")).toBeTruthy();
    const pages = api.calls.filter((c) => c.path === "/api/manage/notifications/").map((c) => c.query.get("page"));
    expect(pages).toEqual(["1", "2"]);
  });

  it("opens for a superuser of another role", async () => {
    mockSignedIn(userDataFixture({ groups: [3], is_superuser: true }), {
      "GET /api/manage/notifications/": { status: 200, body: sentPage([sent(1)]) },
      [`GET ${ANNOUNCEMENT}`]: { status: 200, body: { text: null } },
    });
    renderApp("/manage-notifications");
    expect(await screen.findByText("Уведомление 1")).toBeTruthy();
  });

  it.each([1, 3, 7])("is refused to role %i, without asking the server", async (role) => {
    const api = mockSignedIn(userDataFixture({ groups: [role] }));
    renderApp("/manage-notifications");

    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
    expect(screen.queryByText("Объявление")).toBeNull();
    expect(api.calls.some((call) => call.path.startsWith("/api/manage/"))).toBe(false);
  });
});
