import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../e2e-users.ts";
import { DEMO_ANNOUNCEMENT, signIn } from "./helpers.ts";

test("the announcement shows once: closed, it stays closed after a reload and on another device", async ({ page }) => {
  await signIn(page, E2E_USERS.announce.username);
  const bar = page.getByRole("alert", { name: "Объявление" });
  await expect(bar).toContainText(DEMO_ANNOUNCEMENT);

  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/users/user_profile/") && r.request().method() === "PATCH",
  );
  await bar.getByRole("button", { name: "Закрыть объявление" }).click();
  await expect(bar).toBeHidden();
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(page.getByText(/Здравствуйте/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Уведомления" })).toBeVisible();
  await expect(page.getByRole("alert", { name: "Объявление" })).toHaveCount(0);

  // A browser that never saw it closed (another device, or after a sign-out cleared storage):
  // the server's copy keeps it closed.
  await page.evaluate(() => localStorage.removeItem("announcement"));
  await page.reload();
  await expect(page.getByText(/Здравствуйте/)).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("announcement"))).toBe(DEMO_ANNOUNCEMENT);
  await expect(page.getByRole("alert", { name: "Объявление" })).toHaveCount(0);
});
