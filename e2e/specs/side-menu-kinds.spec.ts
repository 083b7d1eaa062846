import { expect, type Locator, test } from "@playwright/test";
import { openSideMenu, signIn } from "./helpers.ts";

// The demo gives the superuser every active database: herd data («Стадо …»), the equipment
// monitoring of «Заря» and the two 1C accounting databases. Each is listed only where its kind
// belongs.

async function openSection(nav: Locator, name: string): Promise<void> {
  const header = nav.getByRole("button", { name });
  if ((await header.getAttribute("aria-expanded")) !== "true") await header.click();
  await expect(header).toHaveAttribute("aria-expanded", "true");
}

async function uuidOfMonitoringDatabase(nav: Locator): Promise<string> {
  await openSection(nav, "Мониторинг");
  const group = nav.getByRole("group", { name: "Мониторинг оборудования «Заря»" });
  const href = await group.getByRole("link", { name: "Оборудование", exact: true }).getAttribute("href");
  const uuid = href?.split("/").at(-1);
  if (!uuid) throw new Error(`no database in ${href}`);
  return uuid;
}

test("each database is offered only under its kind, and a page of another kind says so", async ({ page }) => {
  await signIn(page, "admin");
  const nav = await openSideMenu(page);

  await openSection(nav, "Отчёты по стаду");
  await expect(nav.getByRole("group", { name: "Стадо «Заря» (DC305)" })).toBeVisible();
  await expect(nav.getByRole("group", { name: "Мониторинг оборудования «Заря»" })).toBeHidden();
  await expect(nav.getByRole("group", { name: "Бухгалтерия 1С «Заря»" })).toBeHidden();

  const monitoringUuid = await uuidOfMonitoringDatabase(nav);
  await expect(nav.getByRole("group", { name: "Стадо «Заря» (DC305)" })).toBeHidden();

  await openSection(nav, "Сервисы");
  const parser = nav.getByRole("group", { name: "Загрузка из 1С" });
  await expect(parser.getByRole("link")).toHaveText(["Бухгалтерия 1С «Заря»", "Бухгалтерия 1С «Сибирская нива»"]);

  await page.goto(`/services/report/1/${monitoringUuid}`);
  await expect(page.getByText("Эта база — мониторинг оборудования: отчёты по стаду для неё недоступны")).toBeVisible();
  await expect(page.getByText("Раздел в разработке")).toHaveCount(0);
  await page.goto(`/equipment_monitoring/monitoring_report/${monitoringUuid}`);
  await expect(page.getByRole("heading", { name: /^Мониторинг оборудования: / })).toBeVisible();
  await expect(page.getByText(/^Эта база —/)).toHaveCount(0);
});

test("a pinned side menu stays open across pages and reloads", async ({ page }) => {
  await signIn(page, "zootech");
  const nav = await openSideMenu(page);
  await nav.getByRole("button", { name: "Закрепить меню" }).click();

  await nav.getByRole("link", { name: "Доски задач" }).click();
  await expect(page).toHaveURL(/\/boards$/);
  await expect(nav.getByRole("button", { name: "Открепить меню" })).toBeVisible();
  await page.reload();
  await expect(nav.getByRole("button", { name: "Открепить меню" })).toBeVisible();

  await nav.getByRole("button", { name: "Открепить меню" }).click();
  await nav.getByRole("link", { name: "Главная" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav).toHaveCount(0);
});
