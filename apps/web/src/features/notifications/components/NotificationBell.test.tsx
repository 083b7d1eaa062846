import { NOTIFICATION_POLL_MS } from "@nadoy/contract/constants";
import type { Notification } from "@nadoy/contract/news";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notificationFixture, notificationsFixture, userDataFixture } from "../../../test/fixtures.ts";
import type { RecordedCall } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";

const POLL = "POST /api/news/user_notifications/";
const DISMISS = "PUT /api/news/user_notifications/";
const failure = { status: 500, body: { code: "internal_error", message: "Что-то пошло не так..." } };

/** A server that keeps the user's notifications and removes the dismissed ones, as the real one does. */
function serverWithNotifications(initial: Notification[], dismissStatus = 205) {
  let list = initial;
  const api = mockSignedIn(userDataFixture(), {
    [POLL]: () => ({ status: 200, body: list }),
    [DISMISS]: (call) => {
      if (dismissStatus !== 205) return { status: dismissStatus, body: null };
      const gone = new Set(call.body as number[]);
      list = list.filter((n) => !gone.has(n.pk));
      return { status: 205 };
    },
  });
  return api;
}

const bell = () => screen.findByRole("button", { name: "Уведомления" });

/** The number on the bell's badge, as the user reads it ("" without a badge). */
async function badgeText(): Promise<string> {
  const button = await bell();
  return button.querySelector(".nadoy-badge-count")?.textContent ?? "";
}

async function openBell() {
  fireEvent.click(await bell());
  return screen.findByRole("list", { name: "Список уведомлений" });
}

/** The question «Очистить все» asks. */
function question() {
  return waitFor(() => {
    const found = document.querySelector<HTMLElement>(".ant-modal-confirm");
    if (!found?.textContent?.includes("Удалить все уведомления?")) throw new Error("no question");
    return found;
  });
}

/** «Очистить все», then yes in its question. */
async function clearAll() {
  fireEvent.click(screen.getByRole("button", { name: "Очистить все" }));
  const asked = await question();
  fireEvent.click(within(asked).getByRole("button", { name: "Очистить" }));
}

const dismissCalls = (calls: RecordedCall[]) => calls.filter((call) => call.method === "PUT").map((call) => call.body);

afterEach(() => {
  vi.useRealTimers();
});

describe("notification bell (spec §4, §7, §9)", { timeout: 20_000 }, () => {
  it("shows 99+ for 120 unread notifications", async () => {
    serverWithNotifications(notificationsFixture(120));
    renderApp("/");
    await waitFor(async () => expect(await badgeText()).toBe("99+"));
  });

  it("shows exactly 99 for 99 unread", async () => {
    serverWithNotifications(notificationsFixture(99));
    renderApp("/");
    await waitFor(async () => expect(await badgeText()).toBe("99"));
  });

  it("counts only the unread ones, and shows no badge without them", async () => {
    serverWithNotifications(notificationsFixture(5, 2));
    const first = renderApp("/");
    await waitFor(async () => expect(await badgeText()).toBe("2"));
    first.unmount();

    serverWithNotifications(notificationsFixture(3, 0));
    renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");
    await waitFor(async () =>
      expect(document.getElementById((await bell()).getAttribute("aria-describedby") ?? "")?.textContent).toBe(
        "Непрочитанных нет",
      ),
    );
    expect(await badgeText()).toBe("");
  });

  it("lists title, message and the date as dd.mm.yyyy, with the count in Russian", async () => {
    serverWithNotifications([
      notificationFixture(1, {
        title: "Отчёт по надоям готов",
        msg: "Средний надой 31,4 кг",
        dt: "2025-11-28T09:30:00.000Z",
      }),
      notificationFixture(2, { read: true }),
      notificationFixture(3, { read: true }),
    ]);
    renderApp("/");

    const list = await openBell();
    const item = within(list).getByRole("listitem", { name: "Отчёт по надоям готов" });
    expect(item.textContent).toContain("Средний надой 31,4 кг");
    expect(item.textContent).toContain("28.11.2025");
    expect(screen.getByText("3 уведомления, 1 непрочитанное")).toBeTruthy();
  });

  it("follows an app link inside the app and opens another site in a new tab", async () => {
    serverWithNotifications([
      notificationFixture(1, { title: "Отчёт готов", link: "/reports" }),
      notificationFixture(2, { title: "Сайт лаборатории", link: "https://lab.example.ru/protocols" }),
    ]);
    const { router } = renderApp("/");

    const list = await openBell();
    const external = within(within(list).getByRole("listitem", { name: "Сайт лаборатории" })).getByRole("link", {
      name: "Открыть",
    });
    expect(external.getAttribute("href")).toBe("https://lab.example.ru/protocols");
    expect(external.getAttribute("target")).toBe("_blank");

    fireEvent.click(
      within(within(list).getByRole("listitem", { name: "Отчёт готов" })).getByRole("link", { name: "Перейти" }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/reports"));
  });

  it("dismisses one notification with PUT [pk]", async () => {
    const api = serverWithNotifications(notificationsFixture(3));
    renderApp("/");

    const list = await openBell();
    fireEvent.click(within(list).getByRole("button", { name: "Удалить уведомление «Уведомление 2»" }));

    await waitFor(() => expect(within(list).queryByRole("listitem", { name: "Уведомление 2" })).toBeNull());
    expect(dismissCalls(api.calls)).toEqual([[2]]);
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
  });

  it("«Очистить все» asks first; «Отмена» keeps every notification", async () => {
    const api = serverWithNotifications(notificationsFixture(2));
    renderApp("/");

    const list = await openBell();
    fireEvent.click(screen.getByRole("button", { name: "Очистить все" }));
    fireEvent.click(within(await question()).getByRole("button", { name: "Отмена" }));

    expect(dismissCalls(api.calls)).toEqual([]);
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
  });

  it("«Очистить все» sends every pk in one PUT and empties the list", async () => {
    const api = serverWithNotifications(notificationsFixture(120));
    renderApp("/");

    await openBell();
    await clearAll();

    expect(await screen.findByText("Новых уведомлений нет")).toBeTruthy();
    expect(dismissCalls(api.calls)).toEqual([Array.from({ length: 120 }, (_, i) => i + 1)]);
    await waitFor(async () => expect(await badgeText()).toBe(""));
  });

  it("keeps the panel open through the question, and shows the emptied list", async () => {
    serverWithNotifications(notificationsFixture(3));
    renderApp("/");

    await openBell();
    fireEvent.click(screen.getByRole("button", { name: "Очистить все" }));
    const yes = within(await question()).getByRole("button", { name: "Очистить" });
    // A real click: the press lands outside the bell's panel (in the dialog), then the click.
    fireEvent.mouseDown(yes);
    fireEvent.mouseUp(yes);
    fireEvent.click(yes);

    expect(await screen.findByText("Новых уведомлений нет")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Уведомления" }).getAttribute("aria-expanded")).toBe("true");
  });

  it("shows the error toast when the dismiss answers anything but 205, and keeps the list", async () => {
    serverWithNotifications(notificationsFixture(2), 200);
    renderApp("/");

    const list = await openBell();
    await clearAll();

    expect(await screen.findByText("Что-то пошло не так...")).toBeTruthy();
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
  });

  it("shows the error toast when the notifications cannot be loaded", async () => {
    mockSignedIn(userDataFixture(), { [POLL]: failure });
    renderApp("/");
    expect(await screen.findByText("Что-то пошло не так...")).toBeTruthy();
  });

  it("polls every 15 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = notificationsFixture(1);
    const api = mockSignedIn(userDataFixture(), { [POLL]: () => ({ status: 200, body: answer }) });
    renderApp("/");
    await waitFor(async () => expect(await badgeText()).toBe("1"));
    const polls = () =>
      api.calls.filter((call) => call.method === "POST" && call.path.includes("notifications")).length;
    const before = polls();

    answer = notificationsFixture(4);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS - 1_000));
    expect(polls()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(1_000));

    await waitFor(async () => expect(await badgeText()).toBe("4"));
    expect(polls()).toBe(before + 1);
  });

  it("reloads the page when the poll answers 401 (after the token refresh)", async () => {
    mockSignedIn(userDataFixture(), {
      [POLL]: { status: 401, body: { code: "token_not_valid", message: "Требуется вход в систему" } },
      "POST /api/users/token/refresh/": { status: 200, body: { access: "access-2", refresh: "refresh-2" } },
    });
    const { location } = renderApp("/");

    await waitFor(() => expect(location.reload).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem("access")).toBe("access-2");
    expect(screen.queryByText("Что-то пошло не так...")).toBeNull();
  });
});

describe("notification pages", () => {
  it.each(["/user-pages/notifications", "/userprofile/notifications"])(
    "%s lists every notification, with dismiss and «Очистить все»",
    async (path) => {
      const api = serverWithNotifications(notificationsFixture(3));
      renderApp(path);

      const list = await screen.findByRole("list", { name: "Список уведомлений" });
      expect(within(list).getAllByRole("listitem")).toHaveLength(3);
      expect(screen.getByText("3 уведомления, 3 непрочитанных")).toBeTruthy();

      await clearAll();
      expect(await screen.findByText("Новых уведомлений нет")).toBeTruthy();
      expect(dismissCalls(api.calls)).toEqual([[1, 2, 3]]);
    },
  );
});
