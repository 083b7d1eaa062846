import { expect, test } from "@playwright/test";
import { signIn } from "./helpers.ts";

// Issue 17: a zootechnician uploads a DC305 file, watches it go, reads the preview, commits; the
// animal is then in the database's list, and its card shows its events and its lactation curve.

/** The demo database given to zootech (apps/server/src/db/seed/business.ts). */
const DATABASE = "Стадо «Сысерть» (DC305)";
/** A barn number the demo herd does not use. */
const BARN = "99901";

/** A DC305 EVENTS export as DC305 writes it: quoted header, padded values, a trailing comma. */
const EVENTS_FILE = [
  '"ID","BDAT","LACT","FDAT","TDAT","MILK","PCTF","PCTP","SCC","Event","DIM","Date","Remark","Protocols","Technician",',
  `     ${BARN} ,03/15/21,   2 ,09/01/26,09/20/26,  38.5 , 3.90 , 3.20 ,  150 ,FRESH      ,   0 ,09/01/26,БЫЧОК           ,                ,,`,
  `     ${BARN} ,03/15/21,   2 ,09/01/26,10/18/26,  41.0 , 3.80 , 3.20 ,  180 ,BRED       ,  60 ,10/31/26,HOLSTEIN-1      ,                ,Иванов,`,
  `     ${BARN} ,03/15/21,   2 ,09/01/26,11/15/26,  39.5 , 3.85 , 3.25 ,  160 ,MAST       ,  75 ,11/15/26,LF              ,Мастит-1        ,Иванов,`,
  "",
].join("\r\n");

test("zootech uploads a DC305 file, reads the preview, commits, and finds the cow with her events and curve", async ({
  page,
}) => {
  await signIn(page, "zootech");
  await page.goto("/services/dc305_upload");

  await page.getByRole("combobox", { name: "База стада" }).click();
  // antd's own option (its role="option" twin is a hidden list for screen readers).
  await page.locator(".ant-select-item-option").filter({ hasText: DATABASE }).click();

  // The upload is held until the page has shown that it is sending.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/herd/*/uploads/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Файл DairyComp 305").setInputFiles({
    name: "events-sysert.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(EVENTS_FILE, "utf8"),
  });
  await expect(page.getByText(/Отправлено: \d+ %/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Отменить" })).toBeVisible();
  release();

  const main = page.getByRole("main");
  await expect(main.getByText("Проверка файла")).toBeVisible();
  await expect(main.getByRole("cell", { name: /Найдено.*События \(EVENTS\)/ })).toBeVisible();
  await expect(main.getByRole("cell", { name: /events-sysert\.csv/ })).toBeVisible();
  // The items the file has and what the portal makes of them.
  await expect(main.getByRole("row", { name: "BDAT Дата рождения" })).toBeVisible();

  await page.getByRole("button", { name: /Записать в базу/ }).click();
  await expect(page.getByText("Данные записаны в базу")).toBeVisible();

  await page.getByRole("link", { name: /К списку животных/ }).click();
  await page.getByRole("searchbox", { name: "Поиск по номеру или бирке" }).fill(BARN);
  const row = page.getByRole("row", { name: new RegExp(`\\b${BARN}\\b`) });
  await expect(row).toHaveCount(1);
  await row.click();

  const card = page.getByRole("dialog", { name: `Животное № ${BARN}` });
  await expect(card).toBeVisible();
  const events = card.getByRole("region", { name: "События" });
  await expect(events.getByRole("listitem")).toHaveCount(3);
  for (const name of ["Мастит", "Осеменение", "Отёл"])
    await expect(events.getByText(name, { exact: true })).toBeVisible();
  await expect(events.getByText("Техник: Иванов")).toHaveCount(2);
  // The lactation curve is drawn (ECharts), one line per lactation, not its empty state.
  const curve = card.getByRole("figure", { name: "Лактационная кривая" });
  await expect(curve.getByText("Лактация 2")).toBeVisible();
  await expect(card.getByText("Контрольных доек нет")).toHaveCount(0);
});
