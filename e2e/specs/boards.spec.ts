import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import WebSocket from "ws";
import { dragWithMouse } from "./board-drag.ts";
import { DEMO_PASSWORD, signIn } from "./helpers.ts";

// The demo board (apps/server/src/db/seed/boards.ts) and the shapes of the API that this spec reads.
const BOARD = "Посевная 2026";
interface Task {
  id: number;
  uuid: string;
  title: string;
  group: number;
}
interface Board {
  board: { uuid: string };
  groups: { id: number; uuid: string; name: string; tasks: Task[] }[];
}

async function apiToken(request: APIRequestContext, username: string): Promise<string> {
  const login = await request.post("/api/users/token/", { data: { username, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access: string }).access;
}

async function fetchBoard(request: APIRequestContext, token: string, uuid: string): Promise<Board> {
  const response = await request.get(`/api/boards/${uuid}/`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Board;
}

const groupNamed = (board: Board, name: string) => {
  const group = board.groups.find((g) => g.name === name);
  if (!group) throw new Error(`no group ${name}`);
  return group;
};
const taskTitled = (board: Board, title: string) => {
  const task = board.groups.flatMap((g) => g.tasks).find((t) => t.title === title);
  if (!task) throw new Error(`no task ${title}`);
  return task;
};

/** Opens the demo board from /boards, as a user would; answers its uuid. */
async function openDemoBoard(page: Page): Promise<string> {
  await page.goto("/boards");
  await page.getByRole("link", { name: BOARD }).click();
  await expect(page.getByRole("heading", { name: BOARD })).toBeVisible();
  const uuid = new URL(page.url()).searchParams.get("board");
  if (!uuid) throw new Error("the board page has no board uuid in its address");
  return uuid;
}

const column = (page: Page, name: string) => page.getByRole("list", { name: `Задачи: ${name}` });

test("another user's changes appear on the board without reload while the user moves a task", async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, "admin");
  const boardUuid = await openDemoBoard(page);
  const zootech = await apiToken(request, "zootech");
  const auth = { headers: { Authorization: `Bearer ${zootech}` } };
  const before = await fetchBoard(request, zootech, boardUuid);

  // Another user moves a task through the API: the card changes column on the open page.
  const soil = "Отбор проб почвы на полях №1–№6";
  await expect(column(page, "На проверке").getByRole("listitem", { name: soil })).toBeVisible();
  const moved = await request.post(`/api/tasks/${taskTitled(before, soil).uuid}/move/`, {
    ...auth,
    data: { group_uuid: groupNamed(before, "Готово").uuid, before_id: null },
  });
  expect(moved.status()).toBe(200);
  await expect(column(page, "Готово").getByRole("listitem", { name: soil })).toBeVisible();
  await expect(column(page, "На проверке").getByRole("listitem", { name: soil })).toHaveCount(0);

  // …and adds one: it shows at the end of its column.
  const added = "Проверить всходы на поле №3";
  const created = await request.post(`/api/boards/${boardUuid}/tasks/`, {
    ...auth,
    data: { group_uuid: groupNamed(before, "К выполнению").uuid, title: added },
  });
  expect(created.status()).toBe(201);
  await expect(column(page, "К выполнению").getByRole("listitem").last()).toHaveAccessibleName(added);

  // The other user opens that task on their board socket: the card shows who has it open.
  const socketUrl = `${(baseURL ?? "").replace(/^http/, "ws")}/ws/board/${boardUuid}/?token=${encodeURIComponent(zootech)}`;
  const socket = new WebSocket(socketUrl);
  const connected = new Promise<{ user_id: number }>((resolve, reject) => {
    socket.on("message", (data) => {
      const event = JSON.parse(String(data)) as { type: string; user_id: number };
      if (event.type === "connected") resolve(event);
    });
    socket.once("error", reject);
  });
  try {
    const { user_id } = await connected;
    const card = (await created.json()) as Task;
    socket.send(JSON.stringify({ type: "NEW_MESSAGE", message: "open_task", task_id: card.id, user_id }));
    const openBy = column(page, "К выполнению")
      .getByRole("listitem", { name: added })
      .getByRole("img", { name: /^Открыта у/ });
    await expect(openBy).toHaveAccessibleName("Открыта у: Иван Зоотехников");
    await expect(page.getByRole("img", { name: /^На доске/ })).toHaveAccessibleName(/Иван Зоотехников/);
  } finally {
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.close(1000);
    await closed;
  }

  // The user drags a card to another column: the server has it there, before the card it was dropped on.
  const seeds = "Закупить семена ячменя «Владимир» — 18 т";
  const target = "Подготовить сеялку Amazone к посевной";
  await dragWithMouse(
    page,
    column(page, "К выполнению").getByRole("listitem", { name: seeds }),
    column(page, "В работе").getByRole("listitem", { name: target }),
  );
  await expect(column(page, "В работе").getByRole("listitem").first()).toHaveAccessibleName(seeds);
  await expect
    .poll(async () => {
      const after = await fetchBoard(request, zootech, boardUuid);
      return groupNamed(after, "В работе")
        .tasks.map((t) => t.title)
        .slice(0, 2);
    })
    .toEqual([seeds, target]);

  // A reload shows the same board.
  await page.reload();
  await expect(column(page, "В работе").getByRole("listitem").first()).toHaveAccessibleName(seeds);
  await expect(column(page, "Готово").getByRole("listitem", { name: soil })).toBeVisible();
});
