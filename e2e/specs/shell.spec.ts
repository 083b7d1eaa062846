import { expect, type Page, test } from "@playwright/test";
import { openProfileMenu, openSideMenu, signIn } from "./helpers.ts";

async function expectMenuItems(page: Page, shown: string[], hidden: string[]) {
  const menu = await openProfileMenu(page);
  for (const name of shown) await expect(menu.getByRole("menuitem", { name })).toBeVisible();
  for (const name of hidden) await expect(menu.getByRole("menuitem", { name })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
}

test("admin (superuser, role 1) sees the admin and content menus and every profile item", async ({ page }) => {
  await signIn(page, "admin");

  const nav = await openSideMenu(page);
  await expect(nav.getByRole("link", { name: "Отчёты", exact: true })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Мониторинг" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Сервисы" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Администрирование" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Контент" })).toBeVisible();

  // One section open at a time.
  await nav.getByRole("button", { name: "Администрирование" }).click();
  await expect(nav.getByRole("link", { name: "Посещаемость" })).toBeVisible();
  await nav.getByRole("button", { name: "Контент" }).click();
  await expect(nav.getByRole("link", { name: "Добавить новость" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Администрирование" })).toHaveAttribute("aria-expanded", "false");

  // A route change collapses the side menu.
  await nav.getByRole("link", { name: "Добавить новость" }).click();
  await expect(page).toHaveURL(/\/add-news$/);
  await expect(page.getByRole("textbox", { name: "Заголовок" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Главное меню" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Навигационная цепочка" })).toHaveText(
    "Главная/Управление новостями/Добавить новость",
  );

  // The page of a module still to come says so.
  const again = await openSideMenu(page);
  await again.getByRole("button", { name: "Администрирование" }).click();
  await again.getByRole("link", { name: "Настройка выгрузок" }).click();
  await expect(page).toHaveURL(/\/admin-export-list$/);
  await expect(page.getByText("Раздел в разработке")).toBeVisible();

  await expectMenuItems(
    page,
    ["Настройки профиля", "Наборы данных", "Уведомления", "О программе", "Выйти"],
    ["Войти", "Регистрация"],
  );
});

test("client (role 7) sees neither the admin nor the content menu, nor datasets", async ({ page }) => {
  await signIn(page, "client");
  await expect(page.getByRole("button", { name: "Меню профиля" })).toContainText("ПК");

  const nav = await openSideMenu(page);
  await expect(nav.getByRole("button", { name: "Сервисы" })).toBeVisible();
  await nav.getByRole("button", { name: "Сервисы" }).click();
  await expect(nav.getByRole("link", { name: "МТФ «Заря-1»" }).first()).toBeVisible();
  for (const hidden of ["Администрирование", "Контент"]) {
    await expect(nav.getByRole("button", { name: hidden })).toHaveCount(0);
  }
  // Monitoring for the monitoring database the demo gives the client, and the report group it has.
  await expect(nav.getByRole("button", { name: "Мониторинг" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Молочное производство" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Отчёты", exact: true })).toHaveCount(0);

  await expectMenuItems(page, ["Настройки профиля", "Уведомления", "О программе", "Выйти"], ["Наборы данных"]);
});

test("the theme toggle survives a reload and is kept by the server", async ({ page }) => {
  await signIn(page, "zootech");
  const toggle = page.getByRole("switch", { name: "Тёмная тема" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");

  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/users/user_profile/") && r.request().method() === "PATCH",
  );
  await toggle.click();
  expect((await saved).status()).toBe(200);
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("black");

  await page.reload();
  await expect(page.getByRole("switch", { name: "Тёмная тема" })).toHaveAttribute("aria-checked", "true");
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe("dark");

  // Without the local copy the server's theme still applies.
  await page.evaluate(() => localStorage.removeItem("theme"));
  await page.reload();
  await expect(page.getByRole("switch", { name: "Тёмная тема" })).toHaveAttribute("aria-checked", "true");

  // Back to the standard theme, so other tests see the demo account as it was.
  const restored = page.waitForResponse(
    (r) => r.url().endsWith("/api/users/user_profile/") && r.request().method() === "PATCH",
  );
  await page.getByRole("switch", { name: "Тёмная тема" }).click();
  expect((await restored).status()).toBe(200);
});

test("the About dialog shows the version and «© 2020–<this year>»", async ({ page }) => {
  await signIn(page, "editor");
  const menu = await openProfileMenu(page);
  await menu.getByRole("menuitem", { name: "О программе" }).click();

  const dialog = page.getByRole("dialog", { name: "О программе" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`© 2020–${new Date().getFullYear()}`)).toBeVisible();
  await expect(dialog.getByText("editor", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Реестр российского ПО")).toBeVisible();

  await dialog.getByRole("link", { name: /^\d+\.\d+\.\d+ \(/ }).click();
  await expect(page).toHaveURL(/\/changelog$/);
  await expect(page.getByRole("heading", { name: "История изменений" })).toBeVisible();
});

test("a full-page route has no navbar, even when signed in", async ({ page }) => {
  await signIn(page, "viewer");
  await expect(page.getByRole("banner")).toBeVisible();

  await page.goto("/terms-of-service");
  await expect(page.getByRole("heading", { name: "Пользовательское соглашение" })).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Меню", exact: true })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
});

test("an unknown path goes to the home page", async ({ page }) => {
  await signIn(page, "viewer");
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Здравствуйте/)).toBeVisible();
});
