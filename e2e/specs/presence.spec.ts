import { expect, test } from "@playwright/test";
import WebSocket from "ws";
import { E2E_USERS } from "../e2e-users.ts";
import { DEMO_PASSWORD, signIn } from "./helpers.ts";

test("another user's arrival and departure change «В сети»", async ({ page, request, baseURL }) => {
  await signIn(page, E2E_USERS.presenceA.username);
  const online = page.getByText(/^В сети: \d+$/);
  // A alone (earlier tests' browsers are closed by now).
  await expect(online).toHaveText("В сети: 1");

  // B signs in through the API and opens the main socket from the test itself.
  const login = await request.post("/api/users/token/", {
    data: { username: E2E_USERS.presenceB.username, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const socketUrl = `${(baseURL ?? "").replace(/^http/, "ws")}/ws/main/?token=${encodeURIComponent(access)}`;
  const socket = new WebSocket(socketUrl);
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });

  try {
    await expect(online).toHaveText("В сети: 2");
    await online.hover();
    await expect(page.getByRole("tooltip")).toHaveText("Вы и ещё 1 пользователь");
  } finally {
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.close(1000);
    await closed;
  }

  await expect(online).toHaveText("В сети: 1");
});
