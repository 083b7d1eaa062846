import { IDLE_TIMEOUT_MS } from "@nadoy/contract/constants";
import type { MainServerMessage } from "@nadoy/contract/realtime";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setBrowserLocation } from "../../../shared/lib/browser-location.ts";
import { subscribeToMainMessages } from "../../../shared/realtime/main-messages.ts";
import { getOnlineUsers } from "../../../shared/realtime/online-users.ts";
import { FakeWebSocket } from "../../../test/fake-socket.ts";
import { storeSession, userDataFixture } from "../../../test/fixtures.ts";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";
import type { WebSocketClass } from "../main-socket-client.ts";
import { MainSocket } from "./MainSocket.tsx";

const OWN_ID = 42;
const Fake = FakeWebSocket as unknown as WebSocketClass;
const expectedUrl = () => `ws://${window.location.host}/ws/main/?token=access-1`;

const connected = (userId: number, usersOnline: number[]) => ({
  msg_type: "SITE_CONNECTED",
  user_id: userId,
  users_online: usersOnline,
});
const disconnected = (userId: number, usersOnline: number[]) => ({
  msg_type: "SITE_DISCONNECTED",
  user_id: userId,
  users_online: usersOnline,
});
const chatMessage = (userId: number) => ({
  msg_type: "CHAT_TYPING",
  user_id: userId,
  chat: "7d3f1c52-62a1-4c55-a1b0-0a3c2f0e3d11",
  sender_name: "Пользователь",
});

const chatRead = (seq: number, userId: number) => ({
  msg_type: "CHAT_READ",
  seq,
  user_id: userId,
  chat: "7d3f1c52-62a1-4c55-a1b0-0a3c2f0e3d11",
  last_read_id: 3,
  unread_count: 0,
});
const sync = (seq: number, resync: boolean) => ({ msg_type: "SYNC", seq, resync });

function renderSocket(usersOnline: number[] = []) {
  storeSession();
  return render(<MainSocket userId={OWN_ID} usersOnline={usersOnline} WebSocketImpl={Fake} />);
}

/** Reconnect delays without their random spread, so that a test can count them exactly. */
const noJitter = () => vi.spyOn(Math, "random").mockReturnValue(0);

afterEach(() => {
  vi.useRealTimers();
});

describe("main socket (spec §4, §7)", () => {
  it("opens one socket with the access token and closes it on sign-out", () => {
    const view = renderSocket();
    expect(FakeWebSocket.instances.map((socket) => socket.url)).toEqual([expectedUrl()]);

    view.unmount();
    expect(FakeWebSocket.latest().closedByClientWith).toBe(1000);
    expect(getOnlineUsers().ids).toBeNull();
  });

  it("seeds the online list from users/data and replaces it with each presence message", () => {
    renderSocket([7]);
    expect(getOnlineUsers().ids).toEqual([7]);
    const socket = FakeWebSocket.latest();

    act(() => socket.serverOpen());
    act(() => socket.serverSend(connected(OWN_ID, [7, OWN_ID])));
    expect(getOnlineUsers()).toMatchObject({ ids: [7, OWN_ID], connected: true });

    act(() => socket.serverSend(connected(99, [7, OWN_ID, 99])));
    expect(getOnlineUsers().ids).toEqual([7, OWN_ID, 99]);

    act(() => socket.serverSend(disconnected(7, [OWN_ID, 99])));
    expect(getOnlineUsers().ids).toEqual([OWN_ID, 99]);
  });

  it("hands on numbered messages whoever caused them, and others' notices but not the user's own", () => {
    const received: MainServerMessage[] = [];
    const unsubscribe = subscribeToMainMessages((message) => received.push(message));
    renderSocket();
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());

    // Typing is a notice: spec §4 drops the user's own (another tab of theirs).
    act(() => socket.serverSend(chatMessage(OWN_ID)));
    act(() => socket.serverSend(chatMessage(5)));
    // A numbered change comes also when the user made it: their other tabs must show it.
    act(() => socket.serverSend(chatRead(1, OWN_ID)));
    act(() => socket.serverSend({ msg_type: "SOMETHING_NEW", user_id: 5 }));
    act(() => socket.serverSend("not json at all"));

    expect(received.map((message) => [message.msg_type, "user_id" in message ? message.user_id : undefined])).toEqual([
      ["CHAT_TYPING", 5],
      ["CHAT_READ", OWN_ID],
    ]);
    unsubscribe();
  });

  it("reconnects with since= the number of the last message received, and after a resync from its SYNC", () => {
    vi.useFakeTimers();
    noJitter();
    const received: MainServerMessage[] = [];
    const unsubscribe = subscribeToMainMessages((message) => received.push(message));
    renderSocket();
    const first = FakeWebSocket.latest();
    expect(first.url).toBe(expectedUrl());
    act(() => first.serverOpen());
    act(() => first.serverSend(sync(4, false)));
    act(() => first.serverSend(chatRead(5, 9)));
    act(() => first.serverSend(chatRead(6, OWN_ID)));

    act(() => first.serverClose(1006));
    act(() => vi.advanceTimersByTime(1_000));
    const second = FakeWebSocket.latest();
    expect(second.url).toBe(`${expectedUrl()}&since=6`);

    // Too far behind: the server says so, and features refetch on that SYNC.
    act(() => second.serverOpen());
    act(() => second.serverSend(sync(2_000, true)));
    expect(received.at(-1)).toEqual(sync(2_000, true));
    act(() => second.serverClose(1001));
    act(() => vi.advanceTimersByTime(1_000));
    expect(FakeWebSocket.latest().url).toBe(`${expectedUrl()}&since=2000`);

    // Back from idle too: what was missed while away comes first.
    act(() => FakeWebSocket.latest().serverOpen());
    act(() => FakeWebSocket.latest().serverSend(chatRead(2_001, 9)));
    act(() => vi.advanceTimersByTime(IDLE_TIMEOUT_MS));
    fireEvent.mouseMove(window);
    expect(FakeWebSocket.latest().url).toBe(`${expectedUrl()}&since=2001`);
    unsubscribe();
  });

  it("closes after 60 s without input (the user is away) and opens again on the next input", () => {
    vi.useFakeTimers();
    renderSocket();
    const first = FakeWebSocket.latest();
    act(() => first.serverOpen());

    // Input keeps it open: the time-out counts from the last one.
    act(() => vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 10_000));
    fireEvent.keyDown(window, { key: "a" });
    act(() => vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1_000));
    expect(first.closedByClientWith).toBeUndefined();

    act(() => vi.advanceTimersByTime(1_000));
    expect(first.closedByClientWith).toBe(1000);
    expect(getOnlineUsers().connected).toBe(false);
    expect(FakeWebSocket.open()).toHaveLength(0);

    // Nothing reconnects while away…
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(FakeWebSocket.instances).toHaveLength(1);

    // … until the user moves the mouse, scrolls or touches the screen.
    fireEvent.mouseMove(window);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().url).toBe(expectedUrl());
    act(() => FakeWebSocket.latest().serverOpen());
    expect(getOnlineUsers().connected).toBe(true);
  });

  it.each([
    ["scroll", () => fireEvent.scroll(window)],
    ["touch", () => fireEvent.touchStart(window)],
    ["click", () => fireEvent.mouseDown(document.body)],
  ])("counts a %s as input", (_name, input) => {
    vi.useFakeTimers();
    renderSocket();
    act(() => vi.advanceTimersByTime(IDLE_TIMEOUT_MS));
    expect(FakeWebSocket.open()).toHaveLength(0);
    input();
    expect(FakeWebSocket.open()).toHaveLength(1);
  });

  it("reconnects after an abnormal close: 1 s, doubling, back to 1 s after an open", () => {
    vi.useFakeTimers();
    noJitter();
    renderSocket();
    const drop = () => act(() => FakeWebSocket.latest().serverClose(1006));
    const waitAndCount = (ms: number) => {
      act(() => vi.advanceTimersByTime(ms));
      return FakeWebSocket.instances.length;
    };
    // Keep the user active throughout, so the idle time-out is not what closes anything.
    const stayActive = () => fireEvent.keyDown(window, { key: "a" });

    drop();
    expect(waitAndCount(999)).toBe(1);
    expect(waitAndCount(1)).toBe(2);
    drop();
    expect(waitAndCount(1_999)).toBe(2);
    expect(waitAndCount(1)).toBe(3);
    drop();
    stayActive();
    expect(waitAndCount(3_999)).toBe(3);
    expect(waitAndCount(1)).toBe(4);

    act(() => FakeWebSocket.latest().serverOpen());
    act(() => FakeWebSocket.latest().serverClose(1001));
    expect(waitAndCount(1_000)).toBe(5);
  });

  it("caps the reconnect delay at 30 s", () => {
    vi.useFakeTimers();
    noJitter();
    renderSocket();
    // 1, 2, 4, 8, 16 s, then 30 s (not 32) each time.
    for (let i = 0; i < 5; i += 1) {
      act(() => FakeWebSocket.latest().serverClose(1006));
      act(() => vi.advanceTimersByTime(16_000));
      fireEvent.keyDown(window, { key: "a" });
    }
    expect(FakeWebSocket.instances).toHaveLength(6);
    for (let i = 0; i < 2; i += 1) {
      act(() => FakeWebSocket.latest().serverClose(1006));
      act(() => vi.advanceTimersByTime(29_999));
      fireEvent.keyDown(window, { key: "a" });
      expect(FakeWebSocket.instances).toHaveLength(6 + i);
      act(() => vi.advanceTimersByTime(1));
      expect(FakeWebSocket.instances).toHaveLength(7 + i);
    }
  });

  it("spreads reconnects of many tabs over the last fifth of the delay", () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0.999);
    renderSocket();
    act(() => FakeWebSocket.latest().serverClose(1006));
    act(() => vi.advanceTimersByTime(799));
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2));
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it("does nothing after a normal close by the server", () => {
    vi.useFakeTimers();
    renderSocket();
    act(() => FakeWebSocket.latest().serverClose(1000));
    act(() => vi.advanceTimersByTime(40_000));
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("runs the token flow on close 4401 and never reconnects with that token", async () => {
    const location = { reload: vi.fn(), assign: vi.fn() };
    setBrowserLocation(location);
    const api = mockApi({
      "POST /api/users/token/refresh/": { status: 200, body: { access: "access-2", refresh: "refresh-2" } },
    });
    renderSocket();
    act(() => FakeWebSocket.latest().serverClose(4401, "session_ended"));

    await waitFor(() => expect(location.reload).toHaveBeenCalledTimes(1));
    expect(api.calls.map((call) => [call.path, call.body])).toEqual([
      ["/api/users/token/refresh/", { refresh: "refresh-1" }],
    ]);
    expect(localStorage.getItem("access")).toBe("access-2");
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("signs out to /login, saying the session expired, on 4401 when the refresh is refused", async () => {
    const location = { reload: vi.fn(), assign: vi.fn() };
    setBrowserLocation(location);
    mockApi({
      "POST /api/users/token/refresh/": {
        status: 401,
        body: { code: "token_invalid", message: "Ссылка недействительна или устарела" },
      },
    });
    renderSocket();
    act(() => FakeWebSocket.latest().serverClose(4401, "token_not_valid"));

    await waitFor(() => expect(location.assign).toHaveBeenCalledWith("/login?expired=1"));
    expect(localStorage.getItem("access")).toBeNull();
  });

  it("uses wss: on an https page", () => {
    vi.stubGlobal("location", { ...window.location, protocol: "https:", host: "nadoy.example.ru" });
    renderSocket();
    expect(FakeWebSocket.latest().url).toBe("wss://nadoy.example.ru/ws/main/?token=access-1");
  });
});

describe("«В сети» in the navbar", () => {
  const indicator = () => screen.findByText(/^В сети: \d+$/);

  it("changes when another user arrives and leaves", async () => {
    mockSignedIn(userDataFixture({ id: OWN_ID, users_online: [] }));
    renderApp("/");
    expect((await indicator()).textContent).toBe("В сети: 0");

    await waitFor(() => expect(FakeWebSocket.open()).toHaveLength(1));
    const socket = FakeWebSocket.open()[0] as FakeWebSocket;
    expect(socket.url).toBe(expectedUrl());
    act(() => socket.serverOpen());
    act(() => socket.serverSend(connected(OWN_ID, [OWN_ID])));
    await waitFor(async () => expect((await indicator()).textContent).toBe("В сети: 1"));

    act(() => socket.serverSend(connected(77, [OWN_ID, 77])));
    await waitFor(async () => expect((await indicator()).textContent).toBe("В сети: 2"));

    fireEvent.mouseEnter(await indicator());
    expect(await screen.findByText("Вы и ещё 1 пользователь")).toBeTruthy();

    act(() => socket.serverSend(disconnected(77, [OWN_ID])));
    await waitFor(async () => expect((await indicator()).textContent).toBe("В сети: 1"));
  });
});
