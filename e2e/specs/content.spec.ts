import { type Browser, expect, type Page, test } from "@playwright/test";
import { motionEnded, openSideMenu, signIn } from "./helpers.ts";

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Уведомления" });

async function unreadOf(page: Page): Promise<number> {
  const description = (await bell(page).getAttribute("aria-describedby")) ?? "";
  const text = (await page.locator(`[id="${description}"]`).textContent()) ?? "";
  return Number(text.match(/\d+/)?.[0] ?? 0);
}

test("editor publishes news that client then sees on the home page", async ({ browser }) => {
  const editor = await signedInPage(browser, "editor");
  const client = await signedInPage(browser, "client");
  try {
    const title = "Открыт приём заявок на весеннюю диагностику стада";
    await editor.goto("/add-news");
    // The cover's and the text's pickers: only the Russian buttons show, not «Choose File».
    await expect(editor.getByRole("button", { name: "Обложка" })).toHaveText("Загрузить обложку");
    const fileInputs = editor.locator("input[type=file]");
    await expect(fileInputs.first()).toBeAttached();
    for (const input of await fileInputs.all()) await expect(input).toBeHidden();
    await editor.getByRole("textbox", { name: "Заголовок" }).fill(title);
    await editor.getByLabel("Краткое описание").fill("Заявки до 15 марта, выезд ветврача по графику.");
    // The body is typed as it will look: Enter starts a paragraph, «Заголовок» makes a heading.
    await editor.getByRole("textbox", { name: "Текст новости" }).click();
    await editor.keyboard.type("Пишите в чат фермы или звоните.");
    await editor.keyboard.press("Enter");
    const toolbar = editor.getByRole("toolbar", { name: "Текст новости: оформление" });
    await toolbar.getByRole("button", { name: "Заголовок", exact: true }).click();
    await editor.keyboard.type("Как записаться");
    await editor.keyboard.press("Enter");
    await editor.keyboard.type("Через форму на сайте.");
    await editor.getByRole("button", { name: "Сохранить и опубликовать" }).click();
    await expect(editor).toHaveURL(/\/news-edit\/\d+$/);

    await client.goto("/");
    const link = client.getByRole("link", { name: title });
    await expect(link).toBeVisible();
    await link.click();
    await expect(client).toHaveURL(/\/news\/\d+$/);
    await expect(client.locator("p", { hasText: "Пишите в чат фермы или звоните." })).toHaveText(
      "Пишите в чат фермы или звоните.",
    );
    await expect(client.getByRole("heading", { name: "Как записаться", level: 3 })).toBeVisible();
    await expect(client.locator("p", { hasText: "Через форму на сайте." })).toHaveText("Через форму на сайте.");
  } finally {
    await editor.context().close();
    await client.context().close();
  }
});

test("editor sends a notification to clients and client's bell counts it without reload", async ({ browser }) => {
  const editor = await signedInPage(browser, "editor");
  const client = await signedInPage(browser, "client");
  try {
    await expect(bell(client)).toBeVisible();
    const before = await unreadOf(client);

    await editor.goto("/add-notification");
    await editor.getByLabel("Заголовок").fill("Плановая проверка доильного оборудования");
    await editor.getByLabel("Сообщение").fill("В четверг с 10:00 до 12:00 доильный зал №2 не работает.");
    await editor.getByText("Ролям", { exact: true }).click();
    await editor.getByRole("checkbox", { name: "Клиент" }).check();
    await editor.getByRole("button", { name: "Отправить" }).click();
    await expect(editor).toHaveURL(/\/manage-notifications$/);
    await expect(editor.getByText("Плановая проверка доильного оборудования")).toBeVisible();

    await expect.poll(() => unreadOf(client)).toBe(before + 1);
  } finally {
    await editor.context().close();
    await client.context().close();
  }
});

test("the news editor asks before a menu link leaves unsaved text, and «Остаться» keeps it", async ({ browser }) => {
  const editor = await signedInPage(browser, "editor");
  try {
    await editor.goto("/add-news");
    const title = editor.getByRole("textbox", { name: "Заголовок" });
    await title.fill("Черновик, который жалко потерять");

    const menu = await openSideMenu(editor);
    await menu.getByRole("link", { name: "Главная" }).click();
    const question = editor.getByRole("dialog").filter({ hasText: "Есть несохранённые изменения — уйти?" });
    await expect(question).toBeVisible();
    await motionEnded(editor);
    await question.getByRole("button", { name: "Остаться" }).click();

    await expect(question).toBeHidden();
    await expect(editor).toHaveURL(/\/add-news$/);
    await expect(title).toHaveValue("Черновик, который жалко потерять");
  } finally {
    await editor.context().close();
  }
});
