import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers.ts";

// The demo list «Обратная связь с фермы» and its published form (apps/server/src/db/seed/table-lists.ts).
const FORM_PATH = "/form/11111111-2222-4333-8444-555555555555";
const LIST_NAME = "Обратная связь с фермы";
const SUBMIT_PATH = "**/api/tableLists/link_uuid_form/";

/** Opens the form as an anonymous visitor and waits for its fields. */
async function openForm(page: Page) {
  await page.goto(FORM_PATH);
  await expect(page.getByRole("heading", { name: "Обратная связь с фермы" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Отправить" })).toBeVisible();
}

/** Types a date into the form's DatePicker as DD.MM.YYYY and confirms it with Enter. */
async function pickDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label);
  await input.click();
  await input.fill(date);
  await input.press("Enter");
  await expect(input).toHaveValue(date);
}

/** Fills every field type of the demo form; `name` goes into the mandatory «Как к вам обращаться». */
async function fillEveryField(page: Page, name: string) {
  await page.getByLabel("Как к вам обращаться").fill(name);
  await page.getByLabel("Телефон").fill("+7 916 123-45-67");
  await pickDate(page, "Дата события", "20.11.2026");
  const herd = page.getByLabel("Поголовье дойного стада, гол.");
  await herd.pressSequentially("1a2-0.5.");
  await herd.blur();
  await expect(herd).toHaveValue("120.5");
  const sick = page.getByLabel("Доля коров с маститом, %");
  await sick.pressSequentially("3,5,");
  await sick.blur();
  await expect(sick).toHaveValue("3,5");
  await page.getByLabel("Ссылка на фото или видео").fill("https://example.org/cow.jpg");
  await page.getByRole("button", { name: "Темы обращения" }).click();
  await page.getByRole("option", { name: "Кормление" }).click();
  await page.getByRole("option", { name: "Доение" }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Ферма" }).click();
  await page.getByRole("option", { name: "МТФ «Рассвет»" }).click();
  await page.getByLabel("Сообщение").fill("Проверка всех полей формы");
  await page.getByLabel("Согласен на обработку персональных данных").check();
}

/** Signs in as admin, opens the demo list's grid and checks a row with `name` is there. */
async function expectRowInGrid(page: Page, name: string) {
  await signIn(page, "admin");
  await page.goto("/lists");
  await page.getByRole("link", { name: LIST_NAME }).click();
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
}

test("an anonymous visitor fills every field type, sees the thank-you, and admin finds the row in the grid", async ({
  page,
}) => {
  await openForm(page);
  // The mandatory field carries the asterisk titled per spec §5.
  await expect(page.getByTitle("Обязательно для заполнения").first()).toBeVisible();
  const name = `Иван Петров ${Date.now()}`;
  await fillEveryField(page, name);
  const sent = page.waitForResponse((r) => r.url().includes("/api/tableLists/link_uuid_form/"));
  await page.getByRole("button", { name: "Отправить" }).click();
  await expect(page.getByText("Спасибо! Ваше сообщение получено.")).toBeVisible();
  expect((await sent).status()).toBe(201);

  await expectRowInGrid(page, name);
  await expect(page.getByRole("cell", { name: "120.5" }).or(page.getByRole("cell", { name: "120,5" }))).toBeVisible();
});

test("an empty mandatory field shows the notice and sends nothing", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/tableLists/link_uuid_form/"))
      posts.push(request.url());
  });
  await openForm(page);
  await page.getByLabel("Сообщение").fill("Без имени");
  await page.getByRole("button", { name: "Отправить" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "Ошибка отправки формы" });
  await expect(notice).toContainText("Ошибка отправки формы");
  await expect(notice).toContainText("Заполните все обязательные поля");
  await expect(page.getByRole("button", { name: "Отправить" })).toBeVisible();
  expect(posts).toEqual([]);
});

test("a submission made while the server is unreachable arrives once it is back", async ({ page }) => {
  const name = `Оффлайн ${Date.now()}`;
  await openForm(page);
  // The server is down for this browser: the send fails at the network level.
  await page.route(SUBMIT_PATH, (route) => route.abort("connectionrefused"));
  await fillEveryField(page, name);
  const failed = page.waitForEvent("requestfailed", (r) => r.url().includes("/api/tableLists/link_uuid_form/"));
  await page.getByRole("button", { name: "Отправить" }).click();
  // The thank-you shows regardless (spec §4); the submission waits in the browser.
  await expect(page.getByText("Спасибо! Ваше сообщение получено.")).toBeVisible();
  await failed;

  // The server is back: the next visit sends what was queued.
  await page.unroute(SUBMIT_PATH);
  const resent = page.waitForResponse((r) => r.url().includes("/api/tableLists/link_uuid_form/") && r.status() === 201);
  await openForm(page);
  await resent;

  await expectRowInGrid(page, name);
});

test("numbers and phones typed the Russian way are kept, Enter sends nothing, Send does", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/tableLists/link_uuid_form/"))
      posts.push(request.url());
  });
  await openForm(page);
  const name = `Запятая ${Date.now()}`;
  await page.getByLabel("Как к вам обращаться").fill(name);
  const herd = page.getByLabel("Поголовье дойного стада, гол.");
  await herd.pressSequentially("31,5");
  await expect(herd).toHaveValue("31.5");
  const phone = page.getByLabel("Телефон");
  await phone.pressSequentially("8 916 123-45-67");
  await phone.blur();
  await expect(phone).toHaveValue("+7 916 123-45-67");

  // Enter in a number field and in the date picker (confirming a date) sends nothing and shows no error.
  await herd.press("Enter");
  await pickDate(page, "Дата события", "01.02.2026");
  await expect(page.getByRole("alert").filter({ hasText: "Ошибка отправки формы" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Отправить" })).toBeVisible();
  expect(posts).toEqual([]);

  await page.getByLabel("Сообщение").fill("Первая строка");
  await page.getByLabel("Сообщение").press("Enter");
  await page.getByLabel("Сообщение").pressSequentially("вторая строка");
  await expect(page.getByLabel("Сообщение")).toHaveValue("Первая строка\nвторая строка");
  await page.getByLabel("Согласен на обработку персональных данных").check();
  expect(posts).toEqual([]);
  const sent = page.waitForResponse((r) => r.url().includes("/api/tableLists/link_uuid_form/"));
  await page.getByRole("button", { name: "Отправить" }).click();
  await expect(page.getByText("Спасибо! Ваше сообщение получено.")).toBeVisible();
  expect((await sent).status()).toBe(201);

  await expectRowInGrid(page, name);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell", { name: "31,5", exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "+7 916 123-45-67", exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "01.02.2026", exact: true })).toBeVisible();
});

test("the phone's country search takes Cyrillic and types into nothing else", async ({ page }) => {
  await openForm(page);
  await page.getByRole("button", { name: /^Страна: Россия/ }).click();
  await page.keyboard.type("Каз");
  await expect(page.getByRole("combobox", { name: "Поиск страны" })).toHaveValue("Каз");
  await expect(page.getByRole("listbox", { name: "Страны" }).getByRole("option")).toHaveText(["Казахстан+7"]);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: /^Страна: Казахстан/ })).toBeVisible();
  await expect(page.getByLabel("Как к вам обращаться")).toHaveValue("");
  await expect(page.getByLabel("Телефон")).toBeFocused();
  await expect(page.getByRole("alert")).toHaveCount(0);
});
