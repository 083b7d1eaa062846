import { expect, type Page, test } from "@playwright/test";
import { openSideMenu, signIn } from "./helpers.ts";

// Issue 18 item 2: a zootechnician builds LACT=1 DIM<100 as text, sees it as two conditions and a
// live count, saves it; the segment's animals, the animal list given the same rule, and the list's
// own filters (lactation 1, DIM up to 99) all have that many animals: a segment, like DC305, counts
// the animals in the herd unless its rule names statuses (contract herd-segments.ts). Then the
// segment narrows report 2.

/** The demo database given to zootech (apps/server/src/db/seed/business.ts). */
const DATABASE = "Стадо «Сысерть» (DC305)";

/** The total the animal table shows under its rows. */
async function tableTotal(page: Page): Promise<number> {
  const total = page.getByText(/^Всего: [\d\s]+$/);
  await expect(total).toBeVisible();
  return Number((await total.textContent())?.replace(/\D/g, ""));
}

test("zootech builds LACT=1 DIM<100, its live count is the animal list filtered the same way", async ({ page }) => {
  await signIn(page, "zootech");
  // The side menu offers segmentation for each herd database (users/data database_segmentation).
  const nav = await openSideMenu(page);
  const services = nav.getByRole("button", { name: "Сервисы" });
  if ((await services.getAttribute("aria-expanded")) !== "true") await services.click();
  await nav.getByRole("group", { name: "Сегментация" }).getByRole("link", { name: DATABASE }).click();
  await expect(page.getByRole("heading", { name: `Сегменты: ${DATABASE}` })).toBeVisible();
  await page.getByRole("link", { name: "Новый сегмент" }).click();
  await expect(page).toHaveURL(/\/services\/custom_segmentation_edit\?db=/);
  await expect(page.getByRole("combobox", { name: "База стада" })).toBeVisible();
  await expect(
    page.locator(".ant-select-content, .ant-select-selection-item").filter({ hasText: DATABASE }).first(),
  ).toBeVisible();

  await page.getByLabel("Правило текстом").fill("LACT=1 DIM<100");
  const conditions = page.getByRole("group", { name: "Условие" });
  await expect(conditions).toHaveCount(2);
  await expect(conditions.nth(0).getByText("Лактация", { exact: true })).toBeVisible();
  await expect(conditions.nth(1).getByText("Дни лактации", { exact: true })).toBeVisible();
  await expect(conditions.nth(1).getByLabel("Значение")).toHaveValue("100");

  const live = page.getByTestId("segment-live-count");
  await expect(page.getByRole("link", { name: "Показать животных" })).toHaveAttribute(
    "href",
    /rule=LACT%3D1\+DIM%3C100/,
  );
  await expect(live).toHaveText(/^Подходит [\d\s]+ животн/);
  const count = Number((await live.textContent())?.replace(/\D/g, ""));
  expect(count).toBeGreaterThan(0);

  const name = `Первотёлки до 100 дней ${Date.now()}`;
  await page.getByLabel("Название сегмента").fill(name);
  await page.getByRole("switch", { name: "Доступен всей компании" }).click();
  await page.getByRole("button", { name: "Сохранить сегмент" }).click();

  // The segment's page: it is listed, and its animals are the ones counted.
  await expect(page).toHaveURL(/\/services\/custom_segmentation\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name })).toBeVisible();
  expect(await tableTotal(page)).toBe(count);
  const figure = async (label: string) => {
    const value = main.getByRole("group", { name: label }).locator(".ant-statistic-content");
    await expect(value).toHaveText(/\d/);
    return Number((await value.textContent())?.replace(/\D/g, ""));
  };
  expect((await figure("Дойная")) + (await figure("Сухостойная"))).toBe(count);

  // The database's animal list given the same rule, as the builder's link opens it.
  const dbUuid = new URL(page.url()).pathname.split("/")[3];
  await page.goto(`/user-pages/datasets/${dbUuid}?${new URLSearchParams({ rule: "LACT=1 DIM<100" })}`);
  expect(await tableTotal(page)).toBe(count);

  // The list's own filters: lactation 1, DIM up to 99.
  await page.goto(`/user-pages/datasets/${dbUuid}`);
  await page.getByLabel("Лактация").fill("1");
  await page.getByLabel("ДИМ до").fill("99");
  await expect(page).toHaveURL(/lact=1/);
  await expect(page).toHaveURL(/dim_to=99/);
  await expect(page.getByText(`Всего: ${count.toLocaleString("ru-RU")}`)).toBeVisible();

  // The segment in report 2 (milk): the cows tested in the 12 months narrow to the segment's (a
  // report's filter also takes the cows that left so, unlike the count), and the card opens them.
  await page.goto(`/services/report/2/${dbUuid}`);
  await expect(page.getByRole("heading", { name: `Молочная продуктивность: ${DATABASE}` })).toBeVisible();
  const cows = page.getByRole("main").getByRole("button", { name: "Коров на контроле", exact: true });
  const value = cows.locator("strong").first();
  await expect(value).toHaveText(/\d/);
  const whole = (await value.textContent()) ?? "";
  await page.getByRole("combobox", { name: "Сегмент" }).click();
  await page.locator(".ant-select-item-option").filter({ hasText: name }).click();
  await expect(page).toHaveURL(/segment=[0-9a-f-]{36}/);
  await expect(value).not.toHaveText(whole);
  const tested = Number((await value.textContent())?.replace(/\D/g, ""));
  expect(tested).toBeGreaterThan(0);
  expect(tested).toBeLessThan(Number(whole.replace(/\D/g, "")));
  await cows.click();
  const drawer = page.getByRole("dialog").filter({ hasText: "животн" });
  await expect(drawer.getByText(`Всего: ${tested.toLocaleString("ru-RU")}`)).toBeVisible();
});
