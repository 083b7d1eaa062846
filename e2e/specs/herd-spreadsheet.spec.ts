import { expect, test } from "@playwright/test";
import { signIn } from "./helpers.ts";

// Issue 17 item 3: a zootechnician uploads a test-day table from the datasets page, checks the
// guessed mapping, maps the column the guess could not name, checks again and writes it; its card
// then shows the test day. A test-day table makes no animals: the cow comes first, from a table of
// animals.

/** The demo database given to zootech (apps/server/src/db/seed/business.ts). */
const DATABASE = "Стадо «Сысерть» (DC305)";
/** A barn number neither the demo herd nor the DC305 spec uses. */
const BARN = "99902";
/** A column name none of the test-day fields has as a label or alias. */
const UNUSUAL = "Белок (лаборатория)";

/** A table as a farm's spreadsheet saves it: Russian headers, «;» between, decimal commas. */
const TEST_DAYS_FILE = [
  `Номер животного;Дата рождения;Дата контрольной дойки;Удой, кг;Жир, %;${UNUSUAL}`,
  `${BARN};15.03.2021;10.11.2026;38,5;3,85;3,21`,
  "",
].join("\r\n");

/** The cow the test day is of. */
const ANIMALS_FILE = ["Номер животного;Дата рождения;Лактация", `${BARN};15.03.2021;2`, ""].join("\r\n");

test("zootech uploads a test-day table, maps a column by hand, commits, and finds the test day on the cow's card", async ({
  page,
}) => {
  await signIn(page, "zootech");
  await page.goto("/user-pages/datasets");
  const dataset = page.locator(".ant-card").filter({ hasText: DATABASE }).first();
  await dataset.getByRole("link", { name: "Загрузить таблицу" }).click();
  await expect(page).toHaveURL(/\/user-pages\/BSupload\/[0-9a-f-]{36}$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: `Загрузка таблицы: ${DATABASE}` })).toBeVisible();

  // The cow first, from a table of animals.
  await main.getByRole("radiogroup", { name: "Что в таблице" }).getByText("Животные").click();
  await main.getByLabel("Файл таблицы").setInputFiles({
    name: "животные.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(ANIMALS_FILE, "utf8"),
  });
  await main.getByRole("button", { name: /Записать в базу/ }).click();
  await expect(main.getByText("Данные записаны в базу")).toBeVisible();
  await page.reload();
  await expect(main.getByRole("heading", { name: `Загрузка таблицы: ${DATABASE}` })).toBeVisible();

  await main.getByRole("radiogroup", { name: "Что в таблице" }).getByText("Контрольные дойки").click();
  await expect(main.getByRole("button", { name: "Скачать шаблон «Контрольные дойки»" })).toBeVisible();
  await main.getByLabel("Файл таблицы").setInputFiles({
    name: "дойки-ноябрь.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(TEST_DAYS_FILE, "utf8"),
  });

  // The guess: the five named columns mapped, the unusual one kept as an attribute.
  const mapping = main.getByRole("region", { name: "Сопоставление столбцов" });
  await expect(mapping).toBeVisible();
  await expect(main.getByText("Сопоставление угадано по названиям столбцов")).toBeVisible();
  await expect(mapping.getByRole("row", { name: /^Номер животного 99902 Номер животного/ })).toBeVisible();
  await expect(
    mapping.getByRole("row", { name: /^Дата контрольной дойки 10\.11\.2026 Дата контрольной/ }),
  ).toBeVisible();
  await expect(mapping.getByRole("row", { name: /^Удой, кг 38,5 Удой, кг/ })).toBeVisible();
  await expect(mapping.getByRole("row", { name: /^Жир, % 3,85 Жир, %/ })).toBeVisible();
  await expect(mapping.getByRole("row", { name: `${UNUSUAL} 3,21 Сохранить как атрибут` })).toBeVisible();

  await mapping.getByRole("combobox", { name: `Поле для столбца «${UNUSUAL}»` }).click();
  await page.locator(".ant-select-item-option").filter({ hasText: "Белок, %" }).click();
  await expect(main.getByText("Сопоставление изменено")).toBeVisible();
  await expect(main.getByRole("button", { name: /Записать в базу/ })).toBeDisabled();
  await main.getByRole("button", { name: /Проверить снова/ }).click();
  await expect(main.getByText("Сопоставление указано вами")).toBeVisible();
  await expect(mapping.getByRole("row", { name: `${UNUSUAL} 3,21 Белок, %` })).toBeVisible();

  await main.getByRole("button", { name: /Записать в базу/ }).click();
  await expect(main.getByText("Данные записаны в базу")).toBeVisible();
  // One new test day of the cow already there, nothing refused.
  const counts = (title: string) => main.locator(".ant-card").filter({ has: page.getByText(title, { exact: true }) });
  await expect(counts("Контрольные дойки")).toContainText("Новые1");
  await expect(counts("Строки файла")).toContainText("Всего1Отклонены0");

  await main.getByRole("link", { name: /К списку животных/ }).click();
  await page.getByRole("searchbox", { name: "Поиск по номеру или бирке" }).fill(BARN);
  const row = page.getByRole("row", { name: new RegExp(`\\b${BARN}\\b`) });
  await expect(row).toHaveCount(1);
  await row.click();

  const card = page.getByRole("dialog", { name: `Животное № ${BARN}` });
  await expect(card).toBeVisible();
  const tests = card.getByRole("region", { name: "Контрольные дойки" });
  await expect(tests.getByRole("row", { name: /10\.11\.2026.*38,5 3,85 3,21/ })).toBeVisible();
});
