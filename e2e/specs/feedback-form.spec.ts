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

/** Fills every field type of the demo form; `name` goes into the mandatory «Как к вам обращаться». */
async function fillEveryField(page: Page, name: string) {
  await page.getByLabel("Как к вам обращаться").fill(name);
  await page.getByLabel("Телефон").fill("+7 916 123-45-67");
  await page.getByLabel("Дата события").fill("2026-11-20");
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
