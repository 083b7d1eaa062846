import { type Browser, expect, type Page, test } from "@playwright/test";
import { motionEnded, patchUser, signIn } from "./helpers.ts";

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

const METABASE = "Воспроизводство стада (Metabase)";

/** Sets the demo Metabase report's site with the admin's session (the admin API). */
async function setMetabaseSite(admin: Page, url: string): Promise<void> {
  const status = await admin.evaluate(
    async ({ title, url }) => {
      const headers = { authorization: `Bearer ${localStorage.getItem("access")}`, "content-type": "application/json" };
      const reports = await (await fetch("/api/admin/reports/", { headers })).json();
      const uuid = reports.find((r: { title: string }) => r.title === title).uuid;
      const body = JSON.stringify({ url });
      return (await fetch(`/api/admin/reports/${uuid}/`, { method: "PATCH", headers, body })).status;
    },
    { title: METABASE, url },
  );
  expect(status).toBe(200);
}

test("client opens the demo Metabase report: it says its site is an example; with a real site, a signed short-lived URL", async ({
  browser,
}) => {
  const admin = await signedInPage(browser, "admin");
  const page = await signedInPage(browser, "client");
  try {
    await page.goto("/reports");
    await page.getByRole("link", { name: METABASE }).first().click();
    await expect(page).toHaveURL(/\/report\/[0-9a-f-]{36}$/);
    // The demo's Metabase (metabase.example.com) cannot exist: words, not a frame that never loads.
    await expect(page.getByText(/^Отчёт не настроен: metabase\.example\.com — адрес-пример/)).toBeVisible();
    await expect(page.locator("iframe")).toHaveCount(0);

    await setMetabaseSite(admin, "https://metabase.zarya-agro.ru");
    await page.reload();
    const frame = page.locator(`iframe[title="${METABASE}"]`);
    // header.payload.signature of a JWT: the key that signed it stays on the server.
    await expect(frame).toHaveAttribute(
      "src",
      /^https:\/\/metabase\.zarya-agro\.ru\/embed\/dashboard\/[\w-]+\.[\w-]+\.[\w-]+#bordered=false&titled=true$/,
    );
    const src = (await frame.getAttribute("src")) ?? "";
    const payload = JSON.parse(
      Buffer.from(src.split("/embed/dashboard/")[1]?.split(".")[1] ?? "", "base64url").toString(),
    );
    expect(payload).toMatchObject({ resource: { dashboard: 1 }, params: { company: [expect.any(String)] } });
    expect(payload.exp - Date.now() / 1000).toBeLessThanOrEqual(600);
  } finally {
    // The demo's report as seeded, for the specs after this one.
    await setMetabaseSite(admin, "https://metabase.example.com");
    await admin.context().close();
    await page.context().close();
  }
});

test("admin gives viewer a report group in the user drawer, and viewer then has its reports", async ({ browser }) => {
  const admin = await signedInPage(browser, "admin");
  const viewer = await signedInPage(browser, "viewer");
  try {
    await viewer.goto("/reports");
    await expect(viewer.getByText("Вам пока не открыт ни один отчёт — обратитесь к администратору")).toBeVisible();

    await admin.goto("/manage-users?q=viewer");
    await admin.getByRole("cell", { name: "viewer", exact: true }).click();
    const drawer = admin.getByRole("dialog", { name: "Пользователь" });
    await expect(drawer.getByRole("textbox", { name: "Логин" })).toHaveValue("viewer");
    await motionEnded(admin);
    const groups = drawer.getByRole("combobox", { name: "Группы отчётов" });
    const option = admin.locator(".ant-select-item-option", { hasText: "Молочное производство" });
    const tag = drawer.locator(".ant-select-selection-item", { hasText: "Молочное производство" });
    // The pick must show as a tag before saving. No motion (reduced motion): the drawer and the
    // dropdown are in place at once; the option is clicked once the groups have loaded into it.
    await groups.click();
    await expect(option).toBeVisible();
    await option.click();
    await expect(tag).toBeVisible();
    const saved = admin.waitForResponse(
      (response) => response.request().method() === "PATCH" && /\/api\/admin\/users\/[^/]+\/$/.test(response.url()),
    );
    await drawer.getByRole("button", { name: "Сохранить" }).click();
    expect((await saved).status()).toBe(200);
    await expect(drawer).toBeHidden();

    await viewer.reload();
    await expect(viewer.getByRole("link", { name: "Надои по фермам" })).toBeVisible();
    await expect(viewer.getByRole("link", { name: "Карта хозяйств" })).toBeVisible();
  } finally {
    // The demo viewer has no reports again, for the specs after this one.
    await patchUser(admin, "viewer", { iframe_group_ids: [] });
    await admin.context().close();
    await viewer.context().close();
  }
});
