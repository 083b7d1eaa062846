import { expect, test } from "@playwright/test";
import { acceptTermsIfShown, DEMO_PASSWORD, signOut } from "./helpers.ts";

const DEMO_USERS = ["admin", "editor", "zootech", "viewer", "client"];

for (const username of DEMO_USERS) {
  test(`${username} signs in through the form and signs out to /login`, async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Имя пользователя").fill(username);
    await page.getByLabel("Пароль").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Войти", exact: true }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(/Здравствуйте/)).toBeVisible();
    await acceptTermsIfShown(page);
    const stored = await page.evaluate(() => ({
      access: localStorage.getItem("access"),
      refresh: localStorage.getItem("refresh"),
      username: localStorage.getItem("username"),
      userId: localStorage.getItem("user_id"),
    }));
    expect(stored.access).toBeTruthy();
    expect(stored.refresh).toBeTruthy();
    expect(stored.username).toBe(username);
    expect(Number(stored.userId)).toBeGreaterThan(0);

    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem("access"))).toBeNull();

    // The signed-out session is refused by the server, not only forgotten by the browser.
    const verify = await page.request.get("/api/users/verify_token/", {
      headers: { authorization: `Bearer ${stored.access}` },
    });
    expect(verify.status()).toBe(401);
  });
}

test("a wrong password is refused with a message and nothing is stored", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Имя пользователя").fill("admin");
  await page.getByLabel("Пароль").fill("wrong-password");
  await page.getByRole("button", { name: "Войти", exact: true }).click();
  await expect(page.getByText("Неверное имя пользователя или пароль")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("access"))).toBeNull();
});

test("an anonymous visitor of the home page is sent to /login", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
});

test("a deep link opened without a session signs in and returns to that link", async ({ page }) => {
  await page.goto("/userprofile/services");
  await expect(page).toHaveURL(/\/login\?next=%2Fuserprofile%2Fservices$/);
  await page.getByLabel("Имя пользователя").fill("viewer");
  await page.getByLabel("Пароль").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Войти", exact: true }).click();

  await expect(page).toHaveURL(/\/userprofile\/services$/);
  await acceptTermsIfShown(page);
  await expect(page.getByRole("tab", { name: "Сервисы", selected: true })).toBeVisible();
});
