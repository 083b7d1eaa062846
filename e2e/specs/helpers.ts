import { expect, type Page } from "@playwright/test";

/** The password of every demo account (apps/server/src/db/seed/demo.ts) and of the e2e accounts. */
export const DEMO_PASSWORD = "nadoy-demo";

/** The announcement of the demo data (apps/server/src/db/seed/demo.ts). */
export const DEMO_ANNOUNCEMENT =
  "Плановые работы на сервере 30 ноября с 22:00 до 23:00 МСК. Портал может быть недоступен.";

export const TERMS_CHECKBOX = "Я принимаю условия использования и согласие на обработку персональных данных";

export const termsDialog = (page: Page) => page.getByRole("dialog", { name: "Условия использования" });

/**
 * Checks that no antd dialog, drawer or dropdown is sliding or zooming in (rc-motion's
 * `-appear`/`-enter` classes). The e2e browser asks for reduced motion (playwright.config.ts) and
 * the app then turns antd's motion off (app/providers.tsx): a click can no longer land on a
 * moving target. This holds at once; it stays as a guard that the motion really is off.
 */
export async function motionEnded(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll("[class]")].some((element) =>
          [...element.classList].some((name) => /-(appear|enter)(-(prepare|start|active))?$/.test(name)),
        ),
      ),
    )
    .toBe(false);
}

/** Fills and sends the login form, and waits for the signed-in home page (terms not handled). */
export async function submitLogin(page: Page, username: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Имя пользователя").fill(username);
  await page.getByLabel("Пароль").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Войти", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByText(/Здравствуйте/)).toBeVisible();
}

/**
 * The terms dialog comes with the user data, as the greeting does: once the greeting shows, the
 * dialog is there if the user has not accepted the terms yet. Accepts them then.
 */
export async function acceptTermsIfShown(page: Page): Promise<void> {
  const dialog = termsDialog(page);
  if (!(await dialog.isVisible())) return;
  await motionEnded(page);
  // Not check(): the ticked box leaves with its dialog, and check() would wait for it to come back.
  await dialog.getByRole("checkbox", { name: TERMS_CHECKBOX }).click();
  await expect(dialog).toBeHidden();
}

/** Signs a user in through the login form, accepts the terms if asked and waits for the shell. */
export async function signIn(page: Page, username: string): Promise<void> {
  await submitLogin(page, username);
  await acceptTermsIfShown(page);
}

/** Opens the profile menu in the navbar and returns it. */
export async function openProfileMenu(page: Page) {
  await page.getByRole("button", { name: "Меню профиля" }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await motionEnded(page);
  return menu;
}

/** Signs out through the profile menu («Выйти» → /logout → /login). */
export async function signOut(page: Page): Promise<void> {
  // No motion (reduced motion, see motionEnded): the item is where it shows from the start.
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

/** PATCHes a user found by username through the admin API, with the signed-in admin page's token. */
export async function patchUser(admin: Page, username: string, body: Record<string, unknown>): Promise<void> {
  const status = await admin.evaluate(
    async ({ username, body }) => {
      const headers = { authorization: `Bearer ${localStorage.getItem("access")}`, "content-type": "application/json" };
      const found = await (await fetch(`/api/admin/users/?q=${username}`, { headers })).json();
      const id = found.items.find((u: { username: string }) => u.username === username).id;
      const response = await fetch(`/api/admin/users/${id}/`, { method: "PATCH", headers, body: JSON.stringify(body) });
      return response.status;
    },
    { username, body },
  );
  expect(status).toBe(200);
}

/** The uuids of a database, of the keygen workspace holding it and of a DTM code, asked with the page's session. */
export async function keygenIds(
  page: Page,
  databaseName: string,
  dtmCode?: string,
): Promise<{ database: string; workspace: string; dtm: string }> {
  return page.evaluate(
    async ({ name, code }) => {
      const headers = { authorization: `Bearer ${localStorage.getItem("access")}` };
      const get = async (url: string) => (await fetch(url, { headers })).json();
      const user = await get("/api/users/data/");
      const database = user.user_databases.find((db: { name: string }) => db.name === name);
      for (const ws of user.keygen_workspaces as { uuid: string }[]) {
        const detail = await get(`/api/keys/workspaces/${ws.uuid}/`);
        if (detail.databases.some((db: { uuid: string }) => db.uuid === database.uuid)) {
          const dtm = (user.dtm as { uuid: string; company_code: string }[]).find((d) => d.company_code === code);
          return { database: database.uuid, workspace: ws.uuid, dtm: dtm?.uuid ?? "" };
        }
      }
      throw new Error(`no workspace holds ${name}`);
    },
    { name: databaseName, code: dtmCode ?? null },
  );
}
