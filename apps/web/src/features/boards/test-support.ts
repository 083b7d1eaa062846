import type { BoardGroup, BoardState, TaskCard, TaskDetail, Workspace } from "@nadoy/contract/boards";
import type { BoardEvent } from "@nadoy/contract/realtime";
import type { UserData } from "@nadoy/contract/users";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { expect, vi } from "vitest";
import { FakeWebSocket } from "../../test/fake-socket.ts";
import { userDataFixture } from "../../test/fixtures.ts";
import { mockSignedIn } from "../../test/signed-in.ts";

// Boards, tasks, events and a mocked server for the boards' component tests.

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const BOARD = uuid(1);
export const WORKSPACE = uuid(2);
export const COMPANY = { uuid: uuid(3), name: "АО Молочный край" };
export const BOARD_PATH = `/workspace/${WORKSPACE}?board=${BOARD}`;
export const MARIA = { id: 7, username: "maria", name: "Мария Иванова" };
export const ME = { id: 42, username: "zootech", name: "Иван Петров" };
export const ADMIN = { id: 9, username: "anna", name: "Анна Смирнова" };
export const PROJECT = { uuid: uuid(50), name: "Посевная", color: "#52c41a" };
const DATE = "2026-01-10T09:00:00.000Z";

export function card(id: number, group: number, order: string, title: string, over: Partial<TaskCard> = {}): TaskCard {
  return {
    id,
    uuid: uuid(100 + id),
    group,
    order,
    title,
    project: null,
    assignee_ids: [],
    due_date: null,
    tags: [],
    checklist_done: 0,
    checklist_total: 0,
    comments_count: 0,
    attachments_count: 0,
    version: 1,
    updated_at: DATE,
    ...over,
  };
}

export const group = (id: number, name: string, order: string, tasks: TaskCard[]): BoardGroup => ({
  id,
  uuid: uuid(10 + id),
  name,
  order,
  tasks,
});

/** «К выполнению» (Полив, Покос, Уборка), «В работе» (Ремонт), «Готово» (empty). */
export function boardFixture(over: Partial<BoardState> = {}): BoardState {
  return {
    seq: 5,
    board: { uuid: BOARD, name: "Полевые работы", capacity: 100 },
    workspace: { uuid: WORKSPACE, name: "Растениеводство" },
    company: COMPANY,
    groups: [
      group(1, "К выполнению", "1", [
        card(1, 1, "1", "Полив", {
          project: PROJECT.uuid,
          assignee_ids: [MARIA.id, ME.id],
          due_date: "2020-05-01",
          tags: [{ name: "Срочно", color: "#f5222d" }],
          checklist_done: 1,
          checklist_total: 3,
          comments_count: 2,
          attachments_count: 3,
        }),
        card(2, 1, "2", "Покос", { due_date: "2999-01-01" }),
        card(3, 1, "3", "Уборка"),
      ]),
      group(2, "В работе", "2", [card(4, 2, "1", "Ремонт")]),
      group(3, "Готово", "3", []),
    ],
    projects: [PROJECT],
    members: [ADMIN, MARIA, ME],
    can_edit_tasks: true,
    can_manage: true,
    ...over,
  };
}

export function workspacesFixture(): Workspace[] {
  return [
    {
      uuid: WORKSPACE,
      name: "Растениеводство",
      company: COMPANY,
      boards: [{ uuid: BOARD, name: "Полевые работы", capacity: 100, tasks_count: 4 }],
    },
  ];
}

export function detailFixture(task: TaskCard, over: Partial<TaskDetail> = {}): TaskDetail {
  return {
    task,
    board: { uuid: BOARD, name: "Полевые работы", capacity: 100 },
    group_name: "К выполнению",
    description: "<p>Полить <b>северное</b> поле</p><script>window.hacked = true</script><img src=x onerror=alert(1)>",
    checklist: [
      { text: "Проверить насосы", done: true },
      { text: "Открыть задвижки", done: false },
    ],
    comments: [{ id: 500, author: MARIA, content: "Насос номер 2 течёт", date: DATE }],
    attachments: [],
    created_by: MARIA,
    created_at: DATE,
    can_edit: true,
    ...over,
  };
}

type Handlers = NonNullable<Parameters<typeof mockSignedIn>[1]>;

export function boardsUser(over: Partial<UserData> = {}): UserData {
  return userDataFixture({ boards: true, user_companies: [COMPANY], ...over });
}

/** A signed-in user with boards, the workspaces and the board at GET, and `extra` routes. */
export function serveBoard(state: BoardState = boardFixture(), extra: Handlers = {}, user = boardsUser()) {
  return mockSignedIn(user, {
    "GET /api/workspaces/": { status: 200, body: workspacesFixture() },
    [`GET /api/boards/${BOARD}/`]: { status: 200, body: state },
    ...extra,
  });
}

// ---- the board socket ----

export const boardSockets = () => FakeWebSocket.instances.filter((s) => s.url.includes("/ws/board/"));

/** The board socket the page keeps open (after StrictMode's first one was closed), opened by the "server". */
export async function openBoardSocket(): Promise<FakeWebSocket> {
  let socket: FakeWebSocket | undefined;
  await waitFor(() => {
    socket = boardSockets().find((s) => s.readyState !== FakeWebSocket.CLOSED);
    if (!socket) throw new Error("no open board socket");
  });
  const open = socket as FakeWebSocket;
  act(() => open.serverOpen());
  return open;
}

export function serverSends(socket: FakeWebSocket, event: BoardEvent) {
  act(() => socket.serverSend(event));
}

export function connected(over: Partial<Extract<BoardEvent, { type: "connected" }>> = {}): BoardEvent {
  return { type: "connected", board_id: BOARD, user_id: ME.id, seq: 5, resync: false, viewers: [], ...over };
}

export function taskUpdate(seq: number, task: TaskCard, userId = MARIA.id): BoardEvent {
  return { type: "update", seq, board_id: BOARD, user_id: userId, change: { kind: "task", task } };
}

/** Records the frames the app sends on every fake socket. */
export function recordSentFrames() {
  const send = vi.spyOn(FakeWebSocket.prototype, "send");
  return () =>
    (send.mock.calls as unknown as [string][]).map(([frame]) => JSON.parse(frame) as Record<string, unknown>);
}

// ---- reading the board ----

export function columnNames(): string[] {
  return [...document.querySelectorAll("[data-group-id]")].map((el) => el.getAttribute("aria-label") ?? "");
}

export function column(name: string): HTMLElement {
  return screen.getByRole("list", { name: `Задачи: ${name}` });
}

/** Titles of a column's cards, top to bottom. */
export function cardsIn(name: string): string[] {
  return within(column(name))
    .queryAllByRole("listitem")
    .map((item) => item.getAttribute("aria-label") ?? "");
}

export function cardOf(title: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`li[aria-label="${title}"]`);
  if (!found) throw new Error(`no card ${title}`);
  return found;
}

export function shownBoard(): Record<string, string[]> {
  return Object.fromEntries(columnNames().map((name) => [name, cardsIn(name)]));
}

/** Opens an antd Select and clicks the option whose text is `text`. */
export function pick(select: HTMLElement, text: string) {
  fireEvent.mouseDown(select);
  const option = [...document.querySelectorAll<HTMLElement>(".ant-select-item-option")].find(
    (o) => o.textContent === text,
  );
  if (!option) throw new Error(`no option ${text}`);
  fireEvent.click(option);
}

type Api = ReturnType<typeof mockSignedIn>;

/** Calls whose path contains `fragment` wait for `gate` before they are answered. */
export function delayCalls(api: Api, fragment: string, gate: Promise<void>) {
  const original = api.fetchMock.getMockImplementation();
  if (!original) throw new Error("fetch is not mocked");
  api.fetchMock.mockImplementation(async (input, init) => {
    if (String(input).includes(fragment)) await gate;
    return original(input, init);
  });
}

/** A promise and the function that settles it. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Fetches started (recorded before any delay) whose path is `path`. */
export function fetchesOf(api: Api, path: string): number {
  return api.fetchMock.mock.calls.filter(([input]) => new URL(String(input), "http://localhost").pathname === path)
    .length;
}

/**
 * Lays the board out as a browser would (jsdom measures nothing): columns 300 px apart, cards
 * 60 px apart from the top of their column. dnd-kit's keyboard moves go by these boxes.
 */
export function layOutBoard(): void {
  const box = (left: number, top: number, width: number, height: number) =>
    ({
      x: left,
      y: top,
      left,
      top,
      width,
      height,
      right: left + width,
      bottom: top + height,
      toJSON: () => ({}),
    }) as DOMRect;
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element): DOMRect {
    // The floating copy starts where the dragged card is.
    const dragged = this.closest(".board-dragged-copy") && document.querySelector('li[aria-pressed="true"]');
    if (dragged) return dragged.getBoundingClientRect();
    const section = this.closest("section[data-group-id]");
    if (!section) return box(0, 0, 0, 0);
    const left = 20 + [...document.querySelectorAll("section[data-group-id]")].indexOf(section) * 300;
    const card = this.closest("li[data-task-id]");
    if (card) return box(left, 100 + [...section.querySelectorAll("li[data-task-id]")].indexOf(card) * 60, 280, 50);
    if (this.tagName === "UL") return box(left, 100, 280, 600);
    return box(left, 40, 280, 700);
  });
}

/** Moves a card by keyboard, as a screen-reader user would: focus, Space, the arrows, Space. */
export async function moveByKeyboard(title: string, arrows: readonly string[]): Promise<void> {
  const card = cardOf(title);
  act(() => card.focus());
  fireEvent.keyDown(card, { code: "Space", key: " " });
  await waitFor(() => expect(card.getAttribute("aria-pressed")).toBe("true"));
  // Taken, then told where it is now (over itself).
  await waitFor(() => expect(liveRegionText()).toMatch(new RegExp(`^Задача «${title}» будет`)));
  for (const code of arrows) {
    const before = liveRegionText();
    fireEvent.keyDown(document.activeElement ?? card, { code, key: code });
    await waitFor(() => expect(liveRegionText()).not.toBe(before));
  }
  fireEvent.keyDown(document.activeElement ?? card, { code: "Space", key: " " });
}

/** What dnd-kit last told the screen reader. */
export function liveRegionText(): string {
  return document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? "";
}
