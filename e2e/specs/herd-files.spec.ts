import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers.ts";

// Issue 17 item 5: the file a zootechnician uploaded stays on the server under «Файлы»: they see
// it there, download the very bytes they sent, delete it — and the animals written from it stay.

/** The demo database given to zootech (apps/server/src/db/seed/business.ts). */
const DATABASE = "Стадо «Сысерть» (DC305)";
/** A barn number neither the demo herd nor herd-upload.spec.ts uses. */
const BARN = "99903";
const FILE_NAME = "files-e2e.csv";

/** A small DC305 EVENTS export: quoted header, padded values, a trailing comma. */
const EVENTS_FILE = [
  '"ID","BDAT","LACT","Event","DIM","Date",',
  `     ${BARN} ,04/02/21,  2 ,FRESH      ,   0 ,09/01/26,`,
  `     ${BARN} ,04/02/21,  2 ,BRED       ,  60 ,10/31/26,`,
  "",
].join("\r\n");

test("zootech finds an uploaded file under «Файлы», downloads it, deletes it, and the animal stays", async ({
  page,
}) => {
  await signIn(page, "zootech");
  await page.goto("/services/dc305_upload");
  await page.getByRole("combobox", { name: "База стада" }).click();
  await page.locator(".ant-select-item-option").filter({ hasText: DATABASE }).click();
  await page.getByLabel("Файл DairyComp 305").setInputFiles({
    name: FILE_NAME,
    mimeType: "text/csv",
    buffer: Buffer.from(EVENTS_FILE, "utf8"),
  });
  await page.getByRole("button", { name: /Записать в базу/ }).click();
  await expect(page.getByText("Данные записаны в базу")).toBeVisible();

  await page.goto("/user-pages/datasets");
  await page.getByRole("link", { name: "Файлы", exact: true }).click();
  await expect(page).toHaveURL(/\/user-pages\/cloudstorage$/);
  // zootech sees herd databases of two companies: each one's room, the file counted in its company's.
  const usage = page.getByText(/^СПК «Уральский молочник»: Занято .+ из 10 ГБ$/);
  await expect(usage).toBeVisible();
  const usedBefore = await usage.textContent();
  const row = page.getByRole("row", { name: new RegExp(FILE_NAME.replace(".", "\\.")) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell", { name: DATABASE })).toBeVisible();
  await expect(row.getByText("Записан")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await row.getByRole("button", { name: `Скачать ${FILE_NAME}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(FILE_NAME);
  const path = await download.path();
  expect((await readFile(path)).equals(Buffer.from(EVENTS_FILE, "utf8"))).toBe(true);

  await row.getByRole("button", { name: `Удалить ${FILE_NAME}` }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm.getByText(/Данные стада, уже записанные из него, останутся/)).toBeVisible();
  await confirm.getByRole("button", { name: "Удалить", exact: true }).click();
  await expect(page.getByText(`Файл «${FILE_NAME}» удалён`)).toBeVisible();
  await expect(row).toHaveCount(0);
  // The file's 152 bytes (a 42-byte header and two 55-byte lines) no longer count.
  expect(Buffer.byteLength(EVENTS_FILE)).toBe(152);
  await expect(usage).not.toHaveText(usedBefore ?? "");

  // The animal written from the file is still in the database's list.
  await page.goto("/user-pages/datasets");
  const card = page.locator(".ant-card").filter({ hasText: DATABASE });
  await card.getByRole("link", { name: /Животные/ }).click();
  await page.getByRole("searchbox", { name: "Поиск по номеру или бирке" }).fill(BARN);
  await expect(page.getByRole("row", { name: new RegExp(`\\b${BARN}\\b`) })).toHaveCount(1);
});
