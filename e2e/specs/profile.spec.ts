import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../e2e-users.ts";
import { openProfileMenu, openSideMenu, signIn } from "./helpers.ts";

test("profile settings: wrong current password, theme and menu style", async ({ page }) => {
  await signIn(page, E2E_USERS.profile.username);
  const menu = await openProfileMenu(page);
  await menu.getByRole("menuitem", { name: "Настройки профиля" }).click();
  await expect(page).toHaveURL(/\/userprofile\/settings$/);
  await expect(page.getByRole("tab", { name: "Настройки", selected: true })).toBeVisible();

  // A wrong current password shows under its field.
  await page.getByLabel("Текущий пароль").fill("not-my-password");
  await page.getByLabel("Новый пароль", { exact: true }).fill("new-password-1");
  await page.getByLabel("Повторите новый пароль").fill("new-password-1");
  await page.getByRole("button", { name: "Сменить пароль" }).click();
  await expect(page.getByText("Неверный текущий пароль")).toBeVisible();

  // Saving the name: the toast says so.
  await page.getByLabel("Имя", { exact: true }).fill("Профиль");
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Данные профиля сохранены")).toBeVisible();

  // The dark theme, as from the navbar switch.
  await page.getByText("Тёмная", { exact: true }).click();
  await expect(page.getByRole("switch", { name: "Тёмная тема" })).toHaveAttribute("aria-checked", "true");
  await expect.poll(() => page.evaluate(() => document.documentElement.style.colorScheme)).toBe("dark");
  await page.getByText("Стандартная", { exact: true }).click();
  await expect(page.getByRole("switch", { name: "Тёмная тема" })).toHaveAttribute("aria-checked", "false");

  // The list style of the side menu, at once.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/users/user_profile/") && r.request().method() === "PATCH",
  );
  await page.getByText("Список", { exact: true }).click();
  expect((await saved).status()).toBe(200);
  const nav = await openSideMenu(page);
  await expect(nav.getByRole("menu")).toBeVisible();
});

test("role 6 has no settings tab", async ({ page }) => {
  await signIn(page, "viewer");
  await page.goto("/userprofile/settings");
  await expect(page).toHaveURL(/\/userprofile\/notifications$/);
  await expect(page.getByRole("tab", { name: "Уведомления", selected: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Настройки" })).toHaveCount(0);
});
