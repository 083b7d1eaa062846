import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers.ts";

// Issue 18: a zootechnician opens report 4 (reproduction) of the demo herd, changes the period,
// clicks a bar of the cows-per-cycle chart: the drawer lists as many animals as the bar counts; a
// cow's row opens her card. Then report 1 on a phone.

/** The demo database given to zootech (apps/server/src/db/seed/business.ts), with its demo herd. */
const DATABASE = "Стадо «Сысерть» (DC305)";
const REPORTS = {
  1: { title: "Структура стада", chart: "Движение поголовья по месяцам" },
  4: { title: "Воспроизводство", chart: "Коровы по 21-дневным циклам" },
} as const;

async function openReport(page: Page, n: keyof typeof REPORTS): Promise<void> {
  await signIn(page, "zootech");
  const uuid = await page.evaluate(async (name) => {
    const headers = { authorization: `Bearer ${localStorage.getItem("access")}` };
    const user = await (await fetch("/api/users/data/", { headers })).json();
    return user.user_databases.find((db: { name: string }) => db.name === name).uuid as string;
  }, DATABASE);
  await page.goto(`/services/report/${n}/${uuid}`);
  await expect(page.getByRole("heading", { name: `${REPORTS[n].title}: ${DATABASE}` })).toBeVisible();
}

/** The centre of the chart's tallest bar (ECharts draws bars as filled SVG paths). */
async function tallestBar(page: Page, chart: string): Promise<{ x: number; y: number }> {
  const figure = page.getByRole("figure", { name: chart });
  await expect(figure.locator("svg")).toBeVisible();
  // Mouse coordinates are the viewport's: the chart must be on screen.
  await figure.scrollIntoViewIfNeeded();
  return figure.evaluate((element) => {
    const bars = [...element.querySelectorAll("svg path")]
      .filter((path) => {
        const fill = path.getAttribute("fill");
        return fill && fill !== "none" && fill !== "transparent";
      })
      .map((path) => path.getBoundingClientRect())
      .filter((box) => box.height > 4 && box.width < 80);
    const bar = bars.reduce((a, b) => (b.height > a.height ? b : a));
    return { x: bar.x + bar.width / 2, y: bar.y + bar.height / 2 };
  });
}

test("zootech reads report 4, changes the period, opens the animals of a bar and a cow's card", async ({ page }) => {
  await openReport(page, 4);
  const main = page.getByRole("main");
  await expect(main.getByRole("list", { name: "Показатели" }).getByText("21-дневная стельность")).toBeVisible();

  await main.getByLabel("Период").first().click();
  await page.getByText("Прошлый год", { exact: true }).click();
  const lastYear = new Date().getFullYear() - 1;
  await expect(page).toHaveURL(new RegExp(`from=${lastYear}-01-01&to=${lastYear}-12-31`));
  await expect(main.getByText(`Период 01.01.${lastYear} — 31.12.${lastYear}`)).toBeVisible();

  const bar = await tallestBar(page, REPORTS[4].chart);
  await page.mouse.click(bar.x, bar.y);
  const drawer = page.getByRole("dialog").filter({ hasText: "животн" });
  await expect(drawer).toBeVisible();
  const title = (await drawer.locator(".ant-drawer-title").textContent()) ?? "";
  const clicked = /— ([\d\s\u00a0]+) живот/.exec(title)?.[1]?.replace(/\D/g, "");
  expect(Number(clicked)).toBeGreaterThan(0);
  const total = (await drawer.getByText(/^Всего: /).textContent())?.replace(/\D/g, "");
  expect(total).toBe(clicked);

  const number = (await drawer.locator("tbody tr button").first().textContent()) ?? "";
  await drawer.locator("tbody tr button").first().click();
  await expect(page.getByRole("dialog", { name: `Животное № ${number}` })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the report's cards wrap and its tables scroll within the screen", async ({ page }) => {
    await openReport(page, 1);
    const main = page.getByRole("main");
    await expect(main.getByRole("list", { name: "Показатели" }).getByText("Поголовье")).toBeVisible();
    await expect(page.getByRole("figure", { name: REPORTS[1].chart }).locator("svg")).toBeVisible();
    // Nothing wider than the screen: the page does not scroll sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await main.getByRole("region", { name: "Коровы по лактациям" }).getByRole("button").first().tap();
    await expect(page.getByRole("dialog").getByText(/^Всего: /)).toBeVisible();
  });
});
