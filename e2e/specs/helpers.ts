import { expect, type Page } from "@playwright/test";

/** The password of every demo account (apps/server/src/db/seed/demo.ts). */
export const DEMO_PASSWORD = "nadoy-demo";

/**
 * Signs a demo user in through the login form and waits for the signed-in shell. Demo users have
 * not accepted the terms (read_status false): once the terms dialog exists, accept it here.
 */
export async function signIn(page: Page, username: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Имя пользователя").fill(username);
  await page.getByLabel("Пароль").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Войти", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByText(/Здравствуйте/)).toBeVisible();
}

/** Opens the profile menu in the navbar and returns it. */
export async function openProfileMenu(page: Page) {
  await page.getByRole("button", { name: "Меню профиля" }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

/** Signs out through the profile menu («Выйти» → /logout → /login). */
export async function signOut(page: Page): Promise<void> {
  const menu = await openProfileMenu(page);
  await menu.getByRole("menuitem", { name: "Выйти" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Opens the side menu and returns it. */
export async function openSideMenu(page: Page) {
  await page.getByRole("button", { name: "Меню", exact: true }).click();
  const nav = page.getByRole("navigation", { name: "Главное меню" });
  await expect(nav.getByRole("link", { name: "Главная" })).toBeVisible();
  return nav;
}
