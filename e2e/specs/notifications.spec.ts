import { expect, type Page, test } from "@playwright/test";
import { BELL_NOTIFICATIONS, E2E_USERS } from "../e2e-users.ts";
import { signIn } from "./helpers.ts";

const dismissAnswer = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith("/api/news/user_notifications/") && r.request().method() === "PUT");

test("the bell shows 99+ for 120 unread; dismissing and «Очистить все» empty the list", async ({ page }) => {
  await signIn(page, E2E_USERS.bell.username);
  const bell = page.getByRole("button", { name: "Уведомления" });
  await expect(bell.locator(".nadoy-badge-count")).toHaveText("99+");

  await bell.click();
  const list = page.getByRole("list", { name: "Список уведомлений" });
  await expect(list.getByRole("listitem")).toHaveCount(BELL_NOTIFICATIONS);
  await expect(page.getByText("120 уведомлений, 120 непрочитанных")).toBeVisible();
  await expect(list.getByRole("listitem").first()).toContainText(/\d{2}\.\d{2}\.\d{4}/);

  const one = dismissAnswer(page);
  await list.getByRole("button", { name: "Удалить уведомление «Событие на ферме №1»" }).click();
  const oneAnswer = await one;
  expect(oneAnswer.status()).toBe(205);
  expect(oneAnswer.request().postDataJSON()).toHaveLength(1);
  await expect(page.getByText("119 уведомлений, 119 непрочитанных")).toBeVisible();
  await expect(bell.locator(".nadoy-badge-count")).toHaveText("99+");

  const all = dismissAnswer(page);
  await page.getByRole("button", { name: "Очистить все" }).click();
  // It asks first: nothing is deleted until the user says so.
  await page
    .getByRole("dialog", { name: "Удалить все уведомления?" })
    .getByRole("button", { name: "Очистить", exact: true })
    .click();
  const allAnswer = await all;
  expect(allAnswer.status()).toBe(205);
  expect(allAnswer.request().postDataJSON()).toHaveLength(BELL_NOTIFICATIONS - 1);
  await expect(bell.locator(".nadoy-badge-count")).toHaveCount(0);
  // The panel stayed open through the question: it shows the emptied list.
  await expect(page.getByText("Новых уведомлений нет")).toBeVisible();

  // The server forgot them too.
  await page.reload();
  await page.getByRole("button", { name: "Уведомления" }).click();
  await expect(page.getByText("Новых уведомлений нет")).toBeVisible();
});

test("the notification page lists the user's notifications", async ({ page }) => {
  await signIn(page, "zootech");
  await page.getByRole("button", { name: "Уведомления" }).click();
  await page.getByRole("link", { name: "Все уведомления" }).click();
  await expect(page).toHaveURL(/\/user-pages\/notifications$/);
  // The bell's list closed on the way.
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Уведомления" })).toBeVisible();
  const report = main.getByRole("listitem", { name: "Отчёт по надоям за неделю готов" });
  await expect(report).toContainText("МТФ «Заря-1»: средний надой 31,4 кг");

  await report.getByRole("link", { name: "Перейти" }).click();
  await expect(page).toHaveURL(/\/reports$/);
});
