import { readFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers.ts";

// The demo direct chat of admin (Анна Администратова) and zootech (Иван Зоотехников), see
// apps/server/src/db/seed/chat.ts.
const ADMIN_NAME = "Анна Администратова";
const ZOOTECH_NAME = "Иван Зоотехников";

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

const chatBadge = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Чат/ });
const unreadOf = async (page: Page) =>
  Number((await chatBadge(page).getAttribute("aria-label"))?.match(/\d+/)?.[0] ?? 0);

async function openChatWith(page: Page, title: string): Promise<void> {
  await chatBadge(page).click();
  await chatItem(page, title).click();
  await expect(page.getByRole("log", { name: "Сообщения" })).toBeVisible();
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole("textbox", { name: "Сообщение" }).fill(text);
  await page.getByRole("button", { name: "Отправить" }).click();
}

/** The chat's entry in the list, by its title (not by a last message that names the same person). */
const chatItem = (page: Page, title: string) =>
  page
    .getByRole("navigation", { name: "Чаты" })
    .getByRole("link")
    .filter({ has: page.getByText(title, { exact: true }) });

const messageFrom = (page: Page, sender: string, text: string) =>
  page
    .getByRole("log", { name: "Сообщения" })
    .getByRole("article", { name: `Сообщение ${sender}` })
    .filter({ hasText: text });

test("two users write to each other in a direct chat and see it without reload", async ({ browser }) => {
  const admin = await signedInPage(browser, "admin");
  const zootech = await signedInPage(browser, "zootech");
  try {
    // zootech stays on the home page: the navbar counts the new message.
    await expect(chatBadge(zootech)).toBeVisible();
    const unreadBefore = await unreadOf(zootech);

    await openChatWith(admin, ZOOTECH_NAME);
    const question = "Иван, сколько надоили вечером по второму двору?";
    await send(admin, question);
    await expect(messageFrom(admin, ADMIN_NAME, question)).toBeVisible();
    await expect(chatBadge(zootech)).toHaveAccessibleName(`Чат, непрочитанных: ${unreadBefore + 1}`);

    // zootech opens the chat: the message is there, and reading it clears its count.
    await openChatWith(zootech, ADMIN_NAME);
    await expect(messageFrom(zootech, ADMIN_NAME, question)).toBeVisible();
    await expect(chatItem(zootech, ADMIN_NAME).getByRole("img", { name: /^Непрочитанных/ })).toHaveCount(0);

    const answer = "3 480 кг, жир 3,9 %. Отчёт пришлю утром.";
    await send(zootech, answer);
    await expect(messageFrom(admin, ZOOTECH_NAME, answer)).toBeVisible();

    // A file goes with a message; the other user downloads exactly those bytes.
    const table = "Корова;Надой, кг\nЗорька;32,4\nБелка;28,1\n";
    await zootech.locator('input[type="file"]').setInputFiles({
      name: "надои-двор-2.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(table, "utf8"),
    });
    await expect(zootech.getByRole("list", { name: "Прикрепляемые файлы" }).getByRole("listitem")).toHaveAccessibleName(
      "надои-двор-2.csv",
    );
    await send(zootech, "Таблица по второму двору");
    const withFile = messageFrom(admin, ZOOTECH_NAME, "Таблица по второму двору");
    await expect(withFile).toBeVisible();
    const download = admin.waitForEvent("download");
    await withFile.getByRole("button", { name: "Скачать «надои-двор-2.csv»" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("надои-двор-2.csv");
    const path = await file.path();
    expect(readFileSync(path, "utf8")).toBe(table);

    // After a reload both see the same history, each message once.
    await admin.reload();
    await expect(messageFrom(admin, ADMIN_NAME, question)).toHaveCount(1);
    await expect(messageFrom(admin, ZOOTECH_NAME, answer)).toHaveCount(1);
  } finally {
    await admin.context().close();
    await zootech.context().close();
  }
});
