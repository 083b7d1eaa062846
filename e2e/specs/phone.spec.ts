import { expect, type Page, test } from "@playwright/test";
import { dragByTouch } from "./board-drag.ts";
import { openProfileMenu, openSideMenu, signIn, signOut } from "./helpers.ts";

// Runs in the "phone" project (390 × 844, touch): no page scrolls sideways, and what the navbar
// hides on a phone (theme, help) is in the profile menu, with the bell and «Выйти» at hand.

/** Waits until the page has loaded its data (no request in flight, no spinner). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
}

/** The page is no wider than the screen: nothing to scroll sideways. */
async function expectNoSideScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect.soft(widths.page, `${what} is wider than the screen`).toBeLessThanOrEqual(widths.screen);
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("banner")).toBeVisible();
  await settled(page);
  await expectNoSideScroll(page, path);
}

// Every admin and content page of the side menu (admin sees them all).
const ADMIN_PAGES = [
  "/admin",
  "/manage-users",
  "/manage-roles",
  "/business-pages",
  "/admin/business_users",
  "/admin/reports",
  "/admin/iframe_groups",
  "/user-reports",
  "/analytics-db",
  "/admin/audit",
  "/admin-export-list",
  "/manage-news",
  "/add-news",
  "/manage-notifications",
  "/add-notification",
  "/manage-instructions",
];

test("on a phone no page scrolls sideways", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "admin");
  await settled(page);
  await expectNoSideScroll(page, "/");

  const news = page.locator('a[href^="/news/"]').first();
  await news.click();
  await expect(page).toHaveURL(/\/news\/\d+/);
  await settled(page);
  await expectNoSideScroll(page, "a news item");

  await visit(page, "/reports");
  await visit(page, "/lists");
  await page.getByRole("link", { name: "Обратная связь с фермы" }).click();
  await expect(page.getByRole("heading", { name: "Обратная связь с фермы" })).toBeVisible();
  await settled(page);
  await expectNoSideScroll(page, "a list");

  await visit(page, "/boards");
  await page.getByRole("link", { name: "Посевная 2026" }).click();
  await expect(page.getByRole("heading", { name: "Посевная 2026" })).toBeVisible();
  await settled(page);
  await expectNoSideScroll(page, "a board");

  await visit(page, "/chat");
  await visit(page, "/user-pages/notifications");
  await visit(page, "/userprofile/settings");
  await visit(page, "/userprofile/notifications");
  for (const path of ADMIN_PAGES) await visit(page, path);

  // Help, from the profile menu on a phone.
  const menu = await openProfileMenu(page);
  await menu.getByRole("menuitem", { name: "Инструкции" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await settled(page);
  await expectNoSideScroll(page, "the help drawer");

  // The public form, signed out.
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/login$/);
  await expectNoSideScroll(page, "/login");
  await page.goto("/form/11111111-2222-4333-8444-555555555555");
  await expect(page.getByRole("button", { name: "Отправить" })).toBeVisible();
  await expectNoSideScroll(page, "the public form");
});

test("on a phone the herd pages and a table's upload preview fit the screen", async ({ page }) => {
  await signIn(page, "zootech");
  await visit(page, "/user-pages/datasets");
  await visit(page, "/user-pages/excelinfo");
  await page
    .getByRole("link", { name: /^Загрузить таблицу: / })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: /^Загрузка таблицы: / })).toBeVisible();
  await page.getByRole("radiogroup", { name: "Что в таблице" }).getByText("Контрольные дойки").click();
  await settled(page);
  await expectNoSideScroll(page, "the table upload page");
  await page.getByLabel("Файл таблицы").setInputFiles({
    name: "дойки.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "Номер животного;Дата контрольной дойки;Удой, кг;Прочее\r\n99903;10.11.2026;38,5;x\r\n",
      "utf8",
    ),
  });
  await expect(page.getByRole("region", { name: "Сопоставление столбцов" })).toBeVisible();
  await settled(page);
  await expectNoSideScroll(page, "a table's preview");
});

test("on a phone the bell, the theme and «Выйти» are reachable", async ({ page }) => {
  await signIn(page, "zootech");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("switch", { name: "Тёмная тема" })).toHaveCount(0);

  // The bell's popover opens within the screen and leads to all notifications.
  await banner.getByRole("button", { name: "Уведомления" }).click();
  const all = page.getByRole("link", { name: "Все уведомления" });
  await expect(all).toBeVisible();
  const popover = page.locator(".ant-popover").filter({ has: all });
  await expect.poll(async () => (await popover.boundingBox())?.x).toBeGreaterThanOrEqual(0);
  const box = await popover.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(390);
  await all.click();
  await expect(page).toHaveURL(/\/user-pages\/notifications$/);

  const menu = await openProfileMenu(page);
  await menu.getByRole("menuitem", { name: "Тёмная тема" }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).toBe("black");

  await signOut(page);
  await expect(page).toHaveURL(/\/login$/);
});

test("on a phone a board shows a column at a time, tells how many there are, and moves a card by touch", async ({
  page,
}) => {
  await signIn(page, "admin");
  await page.goto("/boards");
  await page.getByRole("link", { name: "Посевная 2026" }).click();
  await expect(page.getByRole("heading", { name: "Посевная 2026" })).toBeVisible();

  // The first column takes most of the screen; the next one peeks in at the right.
  await expect(page.getByText("Колонка 1 из 4 — листайте вбок")).toBeVisible();
  const first = await page.getByRole("region", { name: "К выполнению" }).boundingBox();
  const second = await page.getByRole("region", { name: "В работе" }).boundingBox();
  expect(first?.width ?? 0).toBeGreaterThan(390 * 0.7);
  expect(second?.x ?? 390).toBeLessThan(390);
  await expectNoSideScroll(page, "a board");

  // A swipe along the columns: the next one snaps into place and the counter follows.
  await page.locator("[data-board-columns]").evaluate((strip) => strip.scrollBy({ left: strip.clientWidth * 0.7 }));
  await expect(page.getByText("Колонка 2 из 4 — листайте вбок")).toBeVisible();
  await page.locator("[data-board-columns]").evaluate((strip) => strip.scrollTo({ left: 0 }));
  await expect(page.getByText("Колонка 1 из 4 — листайте вбок")).toBeVisible();

  // A finger held on the first card drags it onto the third: it takes the third's place.
  const cards = page.getByRole("list", { name: "Задачи: К выполнению" }).getByRole("listitem");
  const before = await cards.evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
  expect(before.length).toBeGreaterThanOrEqual(3);
  await dragByTouch(page, cards.nth(0), cards.nth(2));
  const expected = [before[1], before[2], before[0], ...before.slice(3)];
  await expect
    .poll(() => cards.evaluateAll((items) => items.map((item) => item.getAttribute("aria-label"))))
    .toEqual(expected);
  // The server has it so: a reload shows the same order.
  await page.reload();
  await expect
    .poll(() => cards.evaluateAll((items) => items.map((item) => item.getAttribute("aria-label"))))
    .toEqual(expected);
});

test("on a phone the segment builder and a database's segments fit the screen", async ({ page }) => {
  await signIn(page, "zootech");
  await visit(page, "/services/custom_segmentation_edit");
  await page.getByRole("combobox", { name: "База стада" }).click();
  await page.locator(".ant-select-item-option").filter({ hasText: "Стадо «Сысерть» (DC305)" }).click();
  await page.getByLabel("Правило текстом").fill("(LACT=1 OR PEN=5) DIM<100");
  await expect(page.getByRole("group", { name: "Условие" })).toHaveCount(3);
  await expect(page.getByTestId("segment-live-count")).toHaveText(/^Подходит/);
  await settled(page);
  await expectNoSideScroll(page, "the segment builder");

  const list = await page.getByRole("link", { name: "Показать животных" }).getAttribute("href");
  const dbUuid = list?.split("/")[3]?.split("?")[0];
  await visit(page, `/services/custom_segmentation/${dbUuid}`);
  await expect(page.getByRole("link", { name: "Новый сегмент" })).toBeVisible();
});

test("on a phone the open side menu leaves the navbar and the announcement usable", async ({ page }) => {
  // An announcement this user has not closed, whatever other specs did: users/data says so.
  const announcement = "Объявление для проверки бокового меню на телефоне";
  await page.route("**/api/users/data/", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), announcement } });
  });
  await signIn(page, "zootech");
  const bar = page.getByRole("alert", { name: "Объявление" });
  await expect(bar).toContainText(announcement);
  const banner = page.getByRole("banner");
  const menuButton = banner.getByRole("button", { name: "Меню", exact: true });

  const nav = await openSideMenu(page);
  const sideMenu = page.locator("#side-menu");
  const navbarBox = await banner.boundingBox();
  const navbarBottom = (navbarBox?.y ?? 0) + (navbarBox?.height ?? 0);
  expect(navbarBox?.y ?? 0).toBeGreaterThan(0);
  expect((await sideMenu.boundingBox())?.y).toBeCloseTo(navbarBottom, 0);
  // Nothing lies over the navbar's «Меню» button or the announcement's close button.
  const onTop = (name: string) =>
    page.getByRole("button", { name, exact: true }).evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && button.contains(hit);
    });
  expect(await onTop("Меню")).toBe(true);
  expect(await onTop("Закрыть объявление")).toBe(true);

  // Scrolled past the announcement, the navbar sticks to the top: the menu starts right under it.
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(async () => (await banner.boundingBox())?.y).toBe(0);
  await expect.poll(async () => (await sideMenu.boundingBox())?.y).toBeCloseTo(navbarBox?.height ?? 64, 0);
  expect(await onTop("Меню")).toBe(true);

  await menuButton.click();
  await expect(nav).toBeHidden();
});

test("on a phone the monitoring pages' period bar fits the screen", async ({ page }) => {
  await signIn(page, "zootech");
  for (const path of [
    "/equipment_monitoring/monitoring_report/demo",
    "/equipment_monitoring/power_monitoring/hours/demo",
  ]) {
    await visit(page, path);
    const bar = page.getByRole("toolbar", { name: "Период" });
    await bar.getByText("Свой период").click();
    await expect(bar.locator(".ant-picker-range")).toBeVisible();
    await settled(page);
    // The quick ranges, the custom range picker and the bar itself: each within the screen.
    for (const part of [bar, bar.locator(".ant-segmented"), bar.locator(".ant-picker-range")]) {
      const box = await part.boundingBox();
      expect(box?.x ?? -1, `${path}: the period bar starts off the screen`).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 391), `${path}: the period bar runs off the screen`).toBeLessThanOrEqual(
        390,
      );
    }
    await expectNoSideScroll(page, `${path} with a custom period`);
  }
});
