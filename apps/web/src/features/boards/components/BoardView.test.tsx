import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { RecordedCall } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import {
  BOARD,
  BOARD_PATH,
  boardFixture,
  boardSockets,
  boardsUser,
  card,
  cardOf,
  cardsIn,
  columnNames,
  connected,
  delayCalls,
  fetchesOf,
  gate,
  layOutBoard,
  liveRegionText,
  moveByKeyboard,
  openBoardSocket,
  pick,
  serveBoard,
  serverSends,
  shownBoard,
  taskUpdate,
} from "../test-support.ts";

const boardGets = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === "GET" && c.path === `/api/boards/${BOARD}/`);
const moves = (calls: RecordedCall[]) => calls.filter((c) => c.method === "POST" && c.path.endsWith("/move/"));

// The board page is a lazy chunk (with dnd-kit): loaded once here, so that the first test does not
// spend its time budget on transforming it on a loaded machine.
beforeAll(async () => {
  await import("../pages/WorkspacePage.tsx");
}, 120_000);

async function openBoard(...args: Parameters<typeof serveBoard>) {
  const api = serveBoard(...args);
  const view = renderApp(BOARD_PATH);
  // Long: a loaded two-core machine has been seen taking seconds to load the board's chunks.
  await screen.findByRole("list", { name: "Задачи: К выполнению" }, { timeout: 10_000 });
  return { api, ...view };
}

describe("board: display", { timeout: 20_000 }, () => {
  it("shows the groups as columns and their cards in order, with what each card tells", async () => {
    await openBoard();
    expect(columnNames()).toEqual(["К выполнению", "В работе", "Готово"]);
    expect(shownBoard()).toEqual({
      "К выполнению": ["Полив", "Покос", "Уборка"],
      "В работе": ["Ремонт"],
      Готово: [],
    });
    const watering = within(cardOf("Полив"));
    expect(watering.getByText("Посевная")).toBeTruthy();
    expect(watering.getByText("Срочно")).toBeTruthy();
    expect(watering.getByText("1/3")).toBeTruthy();
    expect(watering.getByTitle("Комментарии").textContent?.trim()).toBe("2");
    expect(watering.getByTitle("Вложения").textContent?.trim()).toBe("3");
    expect(within(cardOf("Покос")).queryByTitle("Вложения")).toBeNull();
    expect(watering.getByRole("img", { name: "Исполнители: Мария Иванова, Иван Петров" }).textContent).toBe("МИИП");
    const overdue = watering.getByText("01.05.2020");
    expect(overdue.closest(".ant-typography-danger")).toBeTruthy();
    const future = within(cardOf("Покос")).getByText("01.01.2999");
    expect(future.closest(".ant-typography-danger")).toBeNull();
  });
});

/** The server's answer to a move: the card in its new group with a new order and version. */
function movedCard(call: RecordedCall) {
  const { group_uuid } = call.body as { group_uuid: string };
  const state = boardFixture();
  const target = state.groups.find((g) => g.uuid === group_uuid);
  const id = Number(call.path.split("/").at(-3)?.slice(-3)) - 100;
  const task = state.groups.flatMap((g) => g.tasks).find((t) => t.id === id);
  if (!task || !target) return { status: 404, body: { code: "not_found", message: "Не найдено" } };
  const { before_id } = call.body as { before_id: number | null };
  const before = target.tasks.find((t) => t.id === before_id);
  const order = before ? String(Number(before.order) - 0.5) : "99";
  return { status: 200, body: { ...task, group: target.id, order, version: task.version + 1 } };
}

describe("board: moving cards", { timeout: 40_000 }, () => {
  it("moves a card by keyboard (Space, →, Space) before the card of the next column, in Russian for the screen reader", async () => {
    const { api } = await openBoard(boardFixture(), {
      [`POST /api/tasks/${card(3, 1, "3", "").uuid}/move/`]: movedCard,
    });
    layOutBoard();
    const instructions = document.getElementById(cardOf("Уборка").getAttribute("aria-describedby") ?? "");
    expect(instructions?.textContent).toMatch(/^Чтобы переместить, нажмите пробел или Enter/);
    await moveByKeyboard("Уборка", ["ArrowRight"]);
    expect(liveRegionText()).toBe("Задача «Уборка» перемещена: в колонке «В работе» перед задачей «Ремонт».");

    await waitFor(() => expect(moves(api.calls)).toHaveLength(1));
    expect(moves(api.calls)[0]?.body).toEqual({ group_uuid: boardFixture().groups[1]?.uuid, before_id: 4 });
    await waitFor(() => expect(cardsIn("В работе")).toEqual(["Уборка", "Ремонт"]));
    expect(cardsIn("К выполнению")).toEqual(["Полив", "Покос"]);
  });

  it("Space on a card's link or menu button does not take the card; on the card it does, and Escape puts it back", async () => {
    const { api } = await openBoard();
    layOutBoard();
    const watering = within(cardOf("Полив"));
    fireEvent.keyDown(watering.getByRole("link", { name: "Полив" }), { code: "Space", key: " " });
    fireEvent.keyDown(watering.getByRole("button", { name: "Действия: Полив" }), { code: "Space", key: " " });
    expect(cardOf("Полив").getAttribute("aria-pressed")).not.toBe("true");

    fireEvent.keyDown(cardOf("Полив"), { code: "Space", key: " " });
    await waitFor(() => expect(cardOf("Полив").getAttribute("aria-pressed")).toBe("true"));
    await waitFor(() => expect(liveRegionText()).toMatch(/^Задача «Полив» будет/));
    fireEvent.keyDown(cardOf("Полив"), { code: "Escape", key: "Escape" });
    await waitFor(() =>
      expect(liveRegionText()).toBe("Перемещение отменено. Задача «Полив» осталась на прежнем месте."),
    );
    expect(moves(api.calls)).toHaveLength(0);
    expect(cardsIn("К выполнению")).toEqual(["Полив", "Покос", "Уборка"]);
  });

  it("moves a card by keyboard down its own column: after the next card", async () => {
    const { api } = await openBoard(boardFixture(), {
      [`POST /api/tasks/${card(1, 1, "1", "").uuid}/move/`]: movedCard,
    });
    layOutBoard();
    await moveByKeyboard("Полив", ["ArrowDown"]);

    await waitFor(() => expect(moves(api.calls)).toHaveLength(1));
    expect(moves(api.calls)[0]?.body).toEqual({ group_uuid: boardFixture().groups[0]?.uuid, before_id: 3 });
    await waitFor(() => expect(cardsIn("К выполнению")).toEqual(["Покос", "Полив", "Уборка"]));
  });

  it("moves a card by keyboard to an empty column: to its end (before_id null)", async () => {
    const { api } = await openBoard(boardFixture(), {
      [`POST /api/tasks/${card(1, 1, "1", "").uuid}/move/`]: movedCard,
    });
    layOutBoard();
    await moveByKeyboard("Полив", ["ArrowRight", "ArrowRight"]);

    await waitFor(() => expect(moves(api.calls)).toHaveLength(1));
    expect(moves(api.calls)[0]?.body).toEqual({ group_uuid: boardFixture().groups[2]?.uuid, before_id: null });
    await waitFor(() => expect(cardsIn("Готово")).toEqual(["Полив"]));
  });

  it("moves a card with «Переместить в…» (no dragging needed)", async () => {
    const { api } = await openBoard(boardFixture(), {
      [`POST /api/tasks/${card(3, 1, "3", "").uuid}/move/`]: movedCard,
    });
    fireEvent.click(within(cardOf("Уборка")).getByRole("button", { name: "Действия: Уборка" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Переместить в…" }));
    const dialog = await screen.findByRole("dialog", { name: "Переместить «Уборка»" });
    pick(within(dialog).getByRole("combobox", { name: "Место" }), "Перед «Покос»");
    fireEvent.click(within(dialog).getByRole("button", { name: "Переместить" }));

    await waitFor(() => expect(moves(api.calls)).toHaveLength(1));
    expect(moves(api.calls)[0]?.body).toEqual({ group_uuid: boardFixture().groups[0]?.uuid, before_id: 2 });
    await waitFor(() => expect(cardsIn("К выполнению")).toEqual(["Полив", "Уборка", "Покос"]));
  });

  it("puts the card back and shows the server's message when the column is full (409)", async () => {
    const full = { code: "board_group_full", message: "В колонке «В работе» уже 100 задач из 100" };
    const answer = gate();
    const { api } = await openBoard(boardFixture(), {
      [`POST /api/tasks/${card(3, 1, "3", "").uuid}/move/`]: { status: 409, body: full },
    });
    delayCalls(api, "/move/", answer.promise);
    layOutBoard();
    await moveByKeyboard("Уборка", ["ArrowRight"]);

    // At once, before the server answers.
    await waitFor(() => expect(cardsIn("В работе")).toEqual(["Уборка", "Ремонт"]));
    answer.open();
    expect(await screen.findByText(full.message)).toBeTruthy();
    await waitFor(() => expect(cardsIn("К выполнению")).toEqual(["Полив", "Покос", "Уборка"]));
    expect(cardsIn("В работе")).toEqual(["Ремонт"]);
  });
});

describe("board: live events", { timeout: 20_000 }, () => {
  it("connects after the fetch with since = its seq", async () => {
    await openBoard(boardFixture({ seq: 17 }));
    const socket = await openBoardSocket();
    expect(socket.url).toMatch(new RegExp(`/ws/board/${BOARD}/\\?token=access-1&since=17$`));
  });

  it("moves a card on another user's update event, without a refetch", async () => {
    const { api } = await openBoard();
    const socket = await openBoardSocket();
    serverSends(socket, connected());
    serverSends(socket, taskUpdate(6, card(2, 3, "1", "Покос", { version: 2 })));

    await waitFor(() => expect(cardsIn("Готово")).toEqual(["Покос"]));
    expect(cardsIn("К выполнению")).toEqual(["Полив", "Уборка"]);
    expect(boardGets(api.calls)).toHaveLength(1);
  });

  it("keeps an event that arrives while a resync refetch is in flight", async () => {
    let answer = boardFixture();
    const { api } = await openBoard(boardFixture(), {
      [`GET /api/boards/${BOARD}/`]: () => ({ status: 200, body: answer }),
    });
    const socket = await openBoardSocket();
    const refetch = gate();
    delayCalls(api, `/api/boards/${BOARD}/`, refetch.promise);
    // The refetch reads the board at seq 9; the event numbered 10 happens after that read.
    answer = boardFixture({ seq: 9 });
    serverSends(socket, connected({ seq: 9, resync: true }));
    await waitFor(() => expect(fetchesOf(api, `/api/boards/${BOARD}/`)).toBe(2));
    serverSends(socket, taskUpdate(10, card(4, 3, "1", "Ремонт", { version: 3 })));
    refetch.open();

    await waitFor(() => expect(cardsIn("Готово")).toEqual(["Ремонт"]));
    expect(cardsIn("В работе")).toEqual([]);
  });

  it("says «Доска открыта в другой вкладке» on 4409 and does not reconnect", async () => {
    await openBoard();
    const socket = await openBoardSocket();
    const before = boardSockets().length;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      act(() => socket.serverClose(4409));
      act(() => vi.advanceTimersByTime(120_000));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText("Доска открыта в другой вкладке")).toBeTruthy();
    expect(boardSockets()).toHaveLength(before);
  });

  it("says «Доступ к доске закрыт» when an admin takes the user's access (4404 access_revoked), and does not reconnect", async () => {
    await openBoard();
    const socket = await openBoardSocket();
    const before = boardSockets().length;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      act(() => socket.serverClose(4404, "access_revoked"));
      act(() => vi.advanceTimersByTime(120_000));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText("Доступ к доске закрыт")).toBeTruthy();
    expect(screen.queryByText("Ремонт")).toBeNull();
    expect(boardSockets()).toHaveLength(before);
  });

  it("reconnects after a dropped connection with since = the last event's seq", async () => {
    await openBoard();
    const socket = await openBoardSocket();
    serverSends(socket, connected());
    serverSends(socket, taskUpdate(6, card(2, 3, "1", "Покос", { version: 2 })));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      act(() => socket.serverClose(1006));
      act(() => vi.advanceTimersByTime(1_000));
    } finally {
      vi.useRealTimers();
    }
    expect(boardSockets().at(-1)?.url).toMatch(/since=6$/);
  });

  it("shows «Доска не найдена» on 4404", async () => {
    await openBoard();
    const socket = await openBoardSocket();
    act(() => socket.serverClose(4404));
    expect(await screen.findByText("Доска не найдена")).toBeTruthy();
  });

  it("shows a refused command's error as the toast", async () => {
    await openBoard();
    const socket = await openBoardSocket();
    serverSends(socket, { type: "error", code: "forbidden", message: "Недостаточно прав" });
    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
  });
});

describe("board: «Закрыть у всех»", { timeout: 20_000 }, () => {
  it("says it closes other people's open task windows, not the tasks", async () => {
    await openBoard(undefined, {}, boardsUser({ groups: [1] }));
    fireEvent.click(screen.getByRole("button", { name: "Закрыть у всех" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Закрыть окна задач у других пользователей?");
    expect(dialog.textContent).toContain("окно задачи закроется");
    expect(dialog.textContent).toContain("Сами задачи не меняются");
  });
});
