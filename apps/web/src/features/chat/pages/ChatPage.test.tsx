import type { ChatMessage } from "@nadoy/contract/chat";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { renderApp } from "../../../test/render-app.tsx";
import {
  chatMessageEvent,
  DIRECT,
  directChat,
  GROUP,
  groupChat,
  HISTORY,
  holdRequests,
  LIST_SEQ,
  lastOf,
  MARIA,
  ME,
  messageFixture,
  openMainSocket,
  PETR,
  recordUrls,
  screenWidth,
  serveChats,
} from "../test-support.ts";

const chatItem = (uuid: string) => document.querySelector(`[data-chat="${uuid}"]`) as HTMLElement;
const history = () => screen.getByRole("log", { name: "Сообщения" });
const navBadge = (name: string) => screen.findByRole("link", { name });
const composer = () => screen.getByLabelText("Сообщение") as HTMLTextAreaElement;

async function openDirectChat() {
  renderApp(`/chat/${DIRECT}`);
  await within(await screen.findByRole("log", { name: "Сообщения" })).findByText("Добрый день! Как надои?");
}

function typeAndSend(text: string) {
  fireEvent.change(composer(), { target: { value: text } });
  fireEvent.keyDown(composer(), { key: "Enter" });
}

async function messageActions(text: string, action: string) {
  const bubble = within(history()).getByText(text).closest("article") as HTMLElement;
  fireEvent.click(within(bubble).getByRole("button", { name: "Действия с сообщением" }));
  fireEvent.click(await screen.findByText(action));
}

describe("chat page", { timeout: 20_000 }, () => {
  beforeEach(() => screenWidth(1280));

  it("lists the chats with their last message, sender, application and unread counts; no footer", async () => {
    serveChats([directChat(), groupChat({ unread_count: 120 })]);
    renderApp("/chat");

    await screen.findByText("Ферма Заречная");
    const group = chatItem(GROUP);
    expect(group.textContent).toContain("Пётр Орлов · Склад: Корма привезут в среду");
    expect(group.querySelector('[aria-label="Непрочитанных: 99+"]')).toBeTruthy();
    const direct = chatItem(DIRECT);
    expect(direct.textContent).toContain("Вы: Отлично, 32 литра в среднем");
    expect(direct.querySelector('[title="В сети"]')).toBeTruthy();
    // The group, whose last message is older, comes second (the server's order).
    const items = [...document.querySelectorAll("[data-chat]")].map((el) => el.getAttribute("data-chat"));
    expect(items).toEqual([DIRECT, GROUP]);

    expect(await navBadge("Чат, непрочитанных: 99+")).toBeTruthy();
    expect(screen.queryByRole("contentinfo")).toBeNull();
    expect(screen.getByText("Выберите чат или начните новый")).toBeTruthy();
  });

  it("shows the history of the open chat with author, time, «изменено», quotes and deleted messages", async () => {
    const edited = messageFixture(103, MARIA, "Уточню завтра", {
      edited_at: "2026-01-10T10:00:00.000Z",
      reply_to: { id: 102, content: "Отлично, 32 литра в среднем", sender_name: ME.name, deleted: false },
    });
    const deleted = messageFixture(104, MARIA, "", { deleted: true });
    serveChats([directChat({ last_message: lastOf(edited) })], {
      [`GET /api/chat/chats/${DIRECT}/messages/`]: {
        status: 200,
        body: { messages: [deleted, edited, ...[...HISTORY].reverse()], has_more: false },
      },
    });
    await openDirectChat();

    const log = history();
    const bubble = within(log).getByText("Уточню завтра").closest("article") as HTMLElement;
    expect(bubble.textContent).toContain(MARIA.name);
    expect(bubble.textContent).toContain("изменено");
    expect(bubble.querySelector("[data-quote='102']")?.textContent).toContain("Отлично, 32 литра в среднем");
    expect(within(log).getByText("Сообщение удалено")).toBeTruthy();
    expect(screen.getByText("в сети")).toBeTruthy();

    // Another's message: reply and pin, but neither edit nor delete (not an admin).
    const others = within(log).getByText("Добрый день! Как надои?").closest("article") as HTMLElement;
    fireEvent.click(within(others).getByRole("button", { name: "Действия с сообщением" }));
    expect(await screen.findByText("Закрепить")).toBeTruthy();
    expect(screen.getByText("Ответить")).toBeTruthy();
    expect(screen.queryByText("Изменить")).toBeNull();
    expect(screen.queryByText("Удалить")).toBeNull();
  });

  it("separates the messages of different days: «25 ноября 2025», «Вчера», «Сегодня»", async () => {
    const day = 24 * 60 * 60 * 1000;
    const older = messageFixture(101, MARIA, "Добрый день! Как надои?", { date: "2025-11-25T12:00:00.000Z" });
    const yesterday = messageFixture(102, ME, "Отлично", { date: new Date(Date.now() - day).toISOString() });
    const today = [103, 104].map((id) =>
      messageFixture(id, MARIA, `Сегодня ${id}`, { date: new Date().toISOString() }),
    );
    serveChats([directChat({ last_message: lastOf(today[1] as ChatMessage) })], {
      [`GET /api/chat/chats/${DIRECT}/messages/`]: {
        status: 200,
        body: { messages: [...today].reverse().concat(yesterday, older), has_more: false },
      },
    });
    await openDirectChat();

    const separators = within(history()).getAllByRole("separator");
    expect(separators.map((separator) => separator.textContent)).toEqual(["25 ноября 2025", "Вчера", "Сегодня"]);
  });

  it("shows a sent message at once and keeps one copy when the server's echo and answer come", async () => {
    const sent = messageFixture(105, ME, "Привет, Мария");
    const api = serveChats(undefined, {
      [`POST /api/chat/chats/${DIRECT}/messages/`]: { status: 201, body: sent },
    });
    await openDirectChat();
    const socket = await openMainSocket();
    const posts = holdRequests((method, path) => method === "POST" && path.endsWith("/messages/"));

    // Shift+Enter is a new line, not a send.
    fireEvent.change(composer(), { target: { value: "Привет," } });
    fireEvent.keyDown(composer(), { key: "Enter", shiftKey: true });
    expect(posts.count).toBe(0);

    typeAndSend("  Привет, Мария  ");
    expect(within(history()).getByText("Привет, Мария")).toBeTruthy();
    expect(within(history()).getByText(/Отправляется/)).toBeTruthy();
    expect(composer().value).toBe("");
    await waitFor(() => expect(posts.count).toBe(1));

    // The echo on the socket comes before the answer to the POST.
    act(() => socket.serverSend(chatMessageEvent(LIST_SEQ + 1, sent, 0)));
    expect(within(history()).getAllByText("Привет, Мария")).toHaveLength(1);
    expect(within(history()).queryByText(/Отправляется/)).toBeNull();

    posts.release();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === "POST" && c.path.endsWith("/messages/"))).toHaveLength(1),
    );
    await waitFor(() => expect(within(history()).getAllByText("Привет, Мария")).toHaveLength(1));
    const body = api.calls.find((c) => c.method === "POST" && c.path.endsWith("/messages/"))?.body as {
      content: string;
      client_id: string;
    };
    expect(body.content).toBe("Привет, Мария");
    expect(body.client_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(chatItem(DIRECT).textContent).toContain("Вы: Привет, Мария");
  });

  it("loads older pages upward with before_id", async () => {
    const older = [messageFixture(60, MARIA, "Вчерашняя сводка"), messageFixture(59, ME, "Позавчерашняя сводка")];
    let pages = 0;
    serveChats(undefined, {
      [`GET /api/chat/chats/${DIRECT}/messages/`]: () => {
        pages += 1;
        return pages === 1
          ? { status: 200, body: { messages: [...HISTORY].reverse(), has_more: true } }
          : { status: 200, body: { messages: older, has_more: false } };
      },
    });
    const urls = recordUrls();
    await openDirectChat();

    fireEvent.scroll(history(), { target: { scrollTop: 0 } });
    expect(await within(history()).findByText("Вчерашняя сводка")).toBeTruthy();
    expect(urls.filter((u) => u.includes("/messages/"))).toEqual([
      `GET /api/chat/chats/${DIRECT}/messages/?limit=50`,
      `GET /api/chat/chats/${DIRECT}/messages/?before_id=101&limit=50`,
    ]);
    const texts = [...history().querySelectorAll("[data-message]")].map((el) => el.getAttribute("data-message"));
    expect(texts).toEqual(["59", "60", "101", "102"]);
    expect(within(history()).queryByRole("button", { name: "Показать более ранние" })).toBeNull();
  });

  it("answers with a quote and edits one's own message", async () => {
    const reply = messageFixture(105, ME, "Да, 32", {
      reply_to: { id: 101, content: "Добрый день! Как надои?", sender_name: MARIA.name, deleted: false },
    });
    const api = serveChats(undefined, {
      [`POST /api/chat/chats/${DIRECT}/messages/`]: { status: 201, body: reply },
      "PATCH /api/chat/messages/102/": (call) => ({
        status: 200,
        body: {
          ...HISTORY[1],
          content: (call.body as { content: string }).content,
          edited_at: "2026-01-10T11:00:00.000Z",
        },
      }),
    });
    await openDirectChat();

    await messageActions("Добрый день! Как надои?", "Ответить");
    expect(document.querySelector("[data-composer-context]")?.textContent).toContain("Ответ: Мария Сидорова");
    typeAndSend("Да, 32");
    const sent = (await within(history()).findByText("Да, 32")).closest("article") as HTMLElement;
    expect(sent.querySelector("[data-quote='101']")).toBeTruthy();
    expect(api.calls.find((c) => c.method === "POST" && c.path.endsWith("/messages/"))?.body).toMatchObject({
      content: "Да, 32",
      reply_to_id: 101,
    });

    await messageActions("Отлично, 32 литра в среднем", "Изменить");
    await waitFor(() => expect(composer().value).toBe("Отлично, 32 литра в среднем"));
    typeAndSend("Отлично, 33 литра в среднем");
    const edited = (await within(history()).findByText("Отлично, 33 литра в среднем")).closest("article");
    expect(edited?.textContent).toContain("изменено");
    expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({ content: "Отлично, 33 литра в среднем" });
  });

  it("searches in the open chat", async () => {
    serveChats(undefined, {
      [`GET /api/chat/chats/${DIRECT}/search/`]: { status: 200, body: [HISTORY[1]] },
    });
    const urls = recordUrls();
    await openDirectChat();
    fireEvent.click(screen.getByRole("button", { name: "Поиск в чате" }));
    const input = screen.getByRole("searchbox", { name: "Поиск в чате" });
    fireEvent.change(input, { target: { value: "литра" } });
    fireEvent.keyDown(input, { key: "Enter" });
    const results = await screen.findByRole("region", { name: "Результаты поиска" });
    expect(await within(results).findByText("Отлично, 32 литра в среднем")).toBeTruthy();
    expect(urls).toContain(`GET /api/chat/chats/${DIRECT}/search/?q=%D0%BB%D0%B8%D1%82%D1%80%D0%B0`);
  });

  it("keeps a failed send as «Не отправлено» and sends it again with the same client_id on «Повторить»", async () => {
    const sent = messageFixture(105, ME, "Завтра приеду");
    let attempts = 0;
    const api = serveChats(undefined, {
      [`POST /api/chat/chats/${DIRECT}/messages/`]: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { code: "internal", message: "Что-то пошло не так..." } }
          : { status: 201, body: sent };
      },
    });
    await openDirectChat();

    typeAndSend("Завтра приеду");
    const failed = await within(history()).findByText("Не отправлено");
    const bubble = failed.closest("article") as HTMLElement;
    expect(bubble.textContent).toContain("Завтра приеду");

    fireEvent.click(within(bubble).getByRole("button", { name: "Повторить" }));
    await waitFor(() => expect(within(history()).queryByText("Не отправлено")).toBeNull());
    expect(within(history()).getAllByText("Завтра приеду")).toHaveLength(1);
    const ids = api.calls
      .filter((c) => c.method === "POST" && c.path.endsWith("/messages/"))
      .map((c) => (c.body as { client_id: string }).client_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it("shows a message from another user in the list, the badge and the open history, and reads it", async () => {
    const api = serveChats();
    await openDirectChat();
    const socket = await openMainSocket();
    expect(await navBadge("Чат, непрочитанных: 3")).toBeTruthy();

    // In the group (not open): the list and the badge.
    const inGroup = messageFixture(106, PETR, "Трактор починили", { chat: GROUP });
    act(() => socket.serverSend(chatMessageEvent(LIST_SEQ + 1, inGroup, 4)));
    expect(await navBadge("Чат, непрочитанных: 4")).toBeTruthy();
    expect(chatItem(GROUP).textContent).toContain("Пётр Орлов: Трактор починили");
    const order = [...document.querySelectorAll("[data-chat]")].map((el) => el.getAttribute("data-chat"));
    expect(order).toEqual([GROUP, DIRECT]);

    // In the open chat, scrolled to its end: it shows, and is marked read.
    const inDirect = messageFixture(107, MARIA, "Спасибо!");
    act(() => socket.serverSend(chatMessageEvent(LIST_SEQ + 2, inDirect, 1)));
    expect(await within(history()).findByText("Спасибо!")).toBeTruthy();
    expect(chatItem(DIRECT).textContent).toContain("Мария Сидорова: Спасибо!");
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === `/api/chat/chats/${DIRECT}/read/`).map((c) => c.body)).toEqual([
        { last_read_id: 107 },
      ]),
    );
    expect(await navBadge("Чат, непрочитанных: 4")).toBeTruthy();
  });

  it("shows who is typing, but not the user's own typing", async () => {
    serveChats();
    await openDirectChat();
    const socket = await openMainSocket();
    act(() => socket.serverSend({ msg_type: "CHAT_TYPING", user_id: ME.id, chat: DIRECT, sender_name: ME.name }));
    expect(screen.queryByText(/печатает/)).toBeNull();
    act(() => socket.serverSend({ msg_type: "CHAT_TYPING", user_id: MARIA.id, chat: DIRECT, sender_name: MARIA.name }));
    expect((await screen.findAllByText("Мария Сидорова печатает…")).length).toBeGreaterThan(0);
  });

  it("clears the badge when the chat is read in another tab (CHAT_READ)", async () => {
    serveChats();
    renderApp("/chat");
    const socket = await openMainSocket();
    expect(await navBadge("Чат, непрочитанных: 3")).toBeTruthy();
    expect(chatItem(GROUP).querySelector('[aria-label="Непрочитанных: 3"]')).toBeTruthy();

    act(() =>
      socket.serverSend({
        msg_type: "CHAT_READ",
        seq: LIST_SEQ + 1,
        user_id: ME.id,
        chat: GROUP,
        last_read_id: 90,
        unread_count: 0,
      }),
    );
    expect(await navBadge("Чат")).toBeTruthy();
    expect(chatItem(GROUP).querySelector('[aria-label^="Непрочитанных"]')).toBeNull();
  });

  it("deletes one's own message after confirmation and shows «Сообщение удалено»", async () => {
    const api = serveChats(undefined, { "DELETE /api/chat/messages/102/": { status: 204 } });
    await openDirectChat();

    await messageActions("Отлично, 32 литра в среднем", "Удалить");
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Удалить" }));

    expect(await within(history()).findByText("Сообщение удалено")).toBeTruthy();
    expect(within(history()).queryByText("Отлично, 32 литра в среднем")).toBeNull();
    expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/api/chat/messages/102/")).toBe(true);
  });

  it("offers delete on others' messages to admins only", async () => {
    serveChats(undefined, {}, userDataFixture({ groups: [1] }));
    await openDirectChat();
    await messageActions("Добрый день! Как надои?", "Ответить");
    expect(await screen.findByText("Удалить")).toBeTruthy();
  });

  it("shows a deletion by someone else (CHAT_MESSAGE_DELETED)", async () => {
    serveChats();
    await openDirectChat();
    const socket = await openMainSocket();
    act(() =>
      socket.serverSend({
        msg_type: "CHAT_MESSAGE_DELETED",
        seq: LIST_SEQ + 1,
        user_id: MARIA.id,
        chat: DIRECT,
        message_id: 101,
        unread_count: 0,
        last_message: lastOf(HISTORY[1] as (typeof HISTORY)[number]),
      }),
    );
    expect(await within(history()).findByText("Сообщение удалено")).toBeTruthy();
  });

  it("pins a message into the pinned bar and unpins it", async () => {
    const pinned = {
      id: 101,
      content: "Добрый день! Как надои?",
      sender: MARIA.username,
      sender_name: MARIA.name,
      date: HISTORY[0]?.date as string,
    };
    const api = serveChats(undefined, {
      "PUT /api/chat/messages/101/pin/": (call) => ({
        status: 200,
        body: (call.body as { pinned: boolean }).pinned ? [pinned] : [],
      }),
    });
    await openDirectChat();

    await messageActions("Добрый день! Как надои?", "Закрепить");
    const bar = await screen.findByRole("region", { name: "Закреплённые сообщения" });
    expect(bar.textContent).toContain("Мария Сидорова: Добрый день! Как надои?");

    fireEvent.click(within(bar).getByRole("button", { name: "Открепить" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Закреплённые сообщения" })).toBeNull());
    expect(api.calls.filter((c) => c.path === "/api/chat/messages/101/pin/").map((c) => c.body)).toEqual([
      { pinned: true },
      { pinned: false },
    ]);
  });

  it("refetches the list on a SYNC with resync", async () => {
    let fetches = 0;
    serveChats(undefined, {
      "GET /api/chat/chats/": () => {
        fetches += 1;
        const chats =
          fetches === 1 ? [directChat(), groupChat()] : [directChat(), groupChat({ title: "Ферма: новое название" })];
        return { status: 200, body: { seq: fetches === 1 ? LIST_SEQ : 500, chats } };
      },
    });
    renderApp("/chat");
    const socket = await openMainSocket();
    await screen.findByText("Ферма Заречная");
    const before = fetches;

    act(() => socket.serverSend({ msg_type: "SYNC", seq: 500, resync: true }));
    expect(await screen.findByText("Ферма: новое название")).toBeTruthy();
    expect(fetches).toBe(before + 1);
  });

  it("applies messages that arrive while the list is on its way", async () => {
    serveChats();
    const lists = holdRequests((method, path) => method === "GET" && path === "/api/chat/chats/");
    renderApp("/chat");
    const socket = await openMainSocket();
    await waitFor(() => expect(lists.count).toBeGreaterThan(0));
    const early = messageFixture(106, PETR, "Ранняя весточка", { chat: GROUP });
    act(() => socket.serverSend(chatMessageEvent(LIST_SEQ + 1, early, 4)));

    lists.release();
    expect(await navBadge("Чат, непрочитанных: 4")).toBeTruthy();
    expect(chatItem(GROUP).textContent).toContain("Ранняя весточка");
  });

  it("creates a direct chat with a contact and opens it", async () => {
    const created = directChat({
      uuid: "00000000-0000-4000-8000-000000000003",
      title: PETR.name,
      members: [ME, PETR],
      last_message: null,
      last_read_id: 0,
      online_users: [],
    });
    const api = serveChats(undefined, {
      "GET /api/chat/contacts/": { status: 200, body: [MARIA, PETR] },
      "POST /api/chat/chats/": { status: 201, body: created },
      [`GET /api/chat/chats/${created.uuid}/messages/`]: { status: 200, body: { messages: [], has_more: false } },
    });
    const { router } = renderApp("/chat");
    fireEvent.click(await screen.findByRole("button", { name: /Новый чат/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.mouseDown(within(dialog).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle(PETR.name));
    fireEvent.click(within(dialog).getByRole("button", { name: "Создать" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${created.uuid}`));
    expect(api.calls.find((c) => c.method === "POST" && c.path === "/api/chat/chats/")?.body).toEqual({
      kind: "direct",
      user_id: PETR.id,
    });
    expect(await screen.findByText("Сообщений пока нет")).toBeTruthy();
  });
});

describe("chat page on a phone", { timeout: 20_000 }, () => {
  beforeEach(() => screenWidth(390));

  it("shows the list alone, and an open chat alone with a way back", async () => {
    serveChats();
    const { router } = renderApp("/chat");
    await screen.findByText("Ферма Заречная");
    expect(screen.queryByRole("log", { name: "Сообщения" })).toBeNull();

    fireEvent.click(chatItem(DIRECT));
    await within(await screen.findByRole("log", { name: "Сообщения" })).findByText("Добрый день! Как надои?");
    expect(chatItem(GROUP)).toBeNull();

    fireEvent.click(screen.getByRole("link", { name: "К списку чатов" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/chat"));
    expect(await screen.findByText("Ферма Заречная")).toBeTruthy();
  });
});
