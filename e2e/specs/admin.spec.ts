import { type Browser, expect, type Page, test } from "@playwright/test";
import { motionEnded, openSideMenu, patchUser, signIn } from "./helpers.ts";

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

/** /manage-users → the user found by `username` → its drawer. */
async function openUser(admin: Page, username: string) {
  await admin.goto(`/manage-users?q=${username}`);
  await admin.getByRole("cell", { name: username, exact: true }).click();
  const drawer = admin.getByRole("dialog", { name: "Пользователь" });
  await expect(drawer.getByRole("textbox", { name: "Логин" })).toHaveValue(username);
  await motionEnded(admin);
  return drawer;
}

test("admin takes a module flag from zootech and gives it back; the menu item follows after reload", async ({
  browser,
}) => {
  const admin = await signedInPage(browser, "admin");
  const zootech = await signedInPage(browser, "zootech");
  /** Flips zootech's DC305 flag in the admin's user drawer. */
  const toggleDc305 = async () => {
    const drawer = await openUser(admin, "zootech");
    await drawer.getByRole("switch", { name: "Загрузка DC305" }).click();
    await drawer.getByRole("button", { name: "Сохранить" }).click();
    await expect(drawer).toBeHidden();
  };
  /** zootech's «Сервисы» menu after a reload. */
  const services = async () => {
    await zootech.reload();
    const nav = await openSideMenu(zootech);
    await nav.getByRole("button", { name: "Сервисы" }).click();
    await expect(nav.getByRole("link", { name: "Таблицы" })).toBeVisible();
    return nav;
  };
  try {
    // The demo zootechnician loads DC305 files (demo seed).
    await expect((await services()).getByRole("link", { name: "Загрузка DairyComp 305" })).toBeVisible();

    await toggleDc305();
    await expect((await services()).getByRole("link", { name: "Загрузка DairyComp 305" })).toHaveCount(0);

    await toggleDc305();
    await expect((await services()).getByRole("link", { name: "Загрузка DairyComp 305" })).toBeVisible();
  } finally {
    await admin.context().close();
    await zootech.context().close();
  }
});

test("admin deactivates viewer while viewer is signed in, and viewer lands on /login", async ({ browser }) => {
  const admin = await signedInPage(browser, "admin");
  const viewer = await signedInPage(browser, "viewer");
  try {
    let drawer = await openUser(admin, "viewer");
    await drawer.getByRole("switch", { name: "Активен" }).click();
    await admin
      .getByRole("dialog", { name: "Отключить пользователя?" })
      .getByRole("button", { name: "Отключить" })
      .click();
    await drawer.getByRole("button", { name: "Сохранить" }).click();

    // The viewer's socket closes with 4401, the token flow finds the session ended: /login (from the
    // home page there is nothing to return to; never a return link to the sign-in page itself).
    await expect(viewer).toHaveURL(/\/login(\?expired=1)?$/);
    await viewer.getByLabel("Имя пользователя").fill("viewer");
    await viewer.getByLabel("Пароль").fill("nadoy-demo");
    await viewer.getByRole("button", { name: "Войти", exact: true }).click();
    await expect(viewer.getByText("Учётная запись отключена. Обратитесь к администратору.")).toBeVisible();

    // Back on: viewer signs in again (and the specs after this one may too).
    drawer = await openUser(admin, "viewer");
    await drawer.getByRole("switch", { name: "Активен" }).click();
    await drawer.getByRole("button", { name: "Сохранить" }).click();
    await expect(drawer).toBeHidden();
    await signIn(viewer, "viewer");
  } finally {
    // Viewer active again even when a step above failed: the specs after this one sign in as viewer.
    await patchUser(admin, "viewer", { is_active: true });
    await admin.context().close();
    await viewer.context().close();
  }
});
