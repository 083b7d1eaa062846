import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./helpers.ts";

// Editors' rich text (news, instructions) and notification text travel to every reader: whatever an
// editor's account sends, no script of it may run in a reader's browser. Each payload would set
// window.__xss or open a dialog if it ran.
const RUN = "window.__xss = (window.__xss || 0) + 1";
const PAYLOADS = [
  `<script>${RUN}</script>`,
  `<img src="x" onerror="${RUN}">`,
  `<svg onload="${RUN}"><circle r="5"></circle></svg>`,
  `<a href="javascript:${RUN}">Подробнее о рационе</a>`,
  `<iframe srcdoc="<script>parent.__xss = 1</script>"></iframe>`,
  `<p style="background:url(javascript:${RUN})" onmouseover="${RUN}">Текст с ловушкой при наведении</p>`,
  `<details open ontoggle="${RUN}"><summary>Раскрыть</summary></details>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}"></style></mglyph></table></mtext></math>`,
].join("\n");
const TITLE_PAYLOAD = `<img src=x onerror="${RUN}">`;

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post("/api/users/token/", { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access: string }).access;
}

async function post(request: APIRequestContext, token: string, path: string, data: unknown): Promise<unknown> {
  const response = await request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

/**
 * Nothing of the payloads ran, and none of their handlers or scripts is inside `scope` (a CSS
 * selector: the page's main area unless told otherwise).
 */
async function expectNoScriptRan(page: Page, dialogs: string[], scope = "main"): Promise<void> {
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss ?? 0)).toBe(0);
  expect(dialogs).toEqual([]);
  const inline = await page.evaluate((root) => {
    const within = (selector: string) => [...document.querySelectorAll(`${root} ${selector}`)];
    return {
      found: within("*").length > 0,
      handlers: within("*").filter((el) => [...el.attributes].some((a) => a.name.startsWith("on"))).length,
      scripts: within("script").length + within("iframe").length,
      jsLinks: within("a").filter((a) => (a.getAttribute("href") ?? "").trim().toLowerCase().startsWith("javascript:"))
        .length,
    };
  }, scope);
  expect(inline).toEqual({ found: true, handlers: 0, scripts: 0, jsLinks: 0 });
}

test("scripts in news, instructions and notifications never run in a reader's browser", async ({ page, request }) => {
  const editor = await tokenOf(request, "editor");
  const newsTitle = `Рацион на зиму ${TITLE_PAYLOAD}`;
  const news = (await post(request, editor, "/api/manage/news/", {
    title: newsTitle,
    excerpt: `Кратко ${TITLE_PAYLOAD}`,
    body: `<p>Новый рацион для дойного стада.</p>${PAYLOADS}`,
  })) as { id: number };
  await post(request, editor, `/api/manage/news/${news.id}/publish/`, { publish_at: new Date().toISOString() });
  const instructionTitle = `Памятка по рациону ${TITLE_PAYLOAD}`;
  await post(request, editor, "/api/manage/instructions/", {
    title: instructionTitle,
    body: `<p>Как составить рацион.</p>${PAYLOADS}`,
    published: true,
  });
  await post(request, editor, "/api/manage/notifications/", {
    title: `Проверьте рацион ${TITLE_PAYLOAD}`,
    msg: `Подробности в новости ${PAYLOADS}`,
    audience: { kind: "all" },
  });

  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signIn(page, "client");

  // The feed and the news item: the title shows as text, the body without any of the payloads' code.
  await expect(page.getByRole("link", { name: newsTitle })).toBeVisible();
  await page.getByRole("link", { name: newsTitle }).click();
  await expect(page.getByText("Новый рацион для дойного стада.")).toBeVisible();
  await page.getByText("Текст с ловушкой при наведении").hover();
  await page.getByText("Подробнее о рационе").click();
  await expectNoScriptRan(page, dialogs);

  // The instruction, read from the shell's help drawer.
  await page.getByRole("banner").getByRole("button", { name: "Инструкции" }).click();
  const drawer = page.getByRole("dialog");
  await drawer.getByText(instructionTitle).click();
  await expect(drawer.getByText("Как составить рацион.", { exact: true })).toBeVisible();
  await drawer.getByText("Подробнее о рационе", { exact: true }).click();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss ?? 0)).toBe(0);
  expect(
    await drawer.evaluate((el) => el.querySelectorAll("script, iframe, [onerror], [onload], [ontoggle]").length),
  ).toBe(0);
  await page.keyboard.press("Escape");

  // The notification list: title and message are text.
  const notificationTitle = `Проверьте рацион ${TITLE_PAYLOAD}`;
  await page.goto("/user-pages/notifications");
  await expect(page.getByRole("main").getByText(notificationTitle)).toBeVisible();
  await expectNoScriptRan(page, dialogs);

  // The header bell's list shows the same notification, as text too.
  await page.getByRole("banner").getByRole("button", { name: "Уведомления" }).click();
  const bellList = page.getByRole("tooltip").getByRole("list", { name: "Список уведомлений" });
  const notification = bellList.getByRole("listitem", { name: notificationTitle });
  await expect(notification).toBeVisible();
  await expect(notification).toContainText(`<script>${RUN}</script>`);
  await expect(notification).toContainText(`<img src="x" onerror="${RUN}">`);
  await expectNoScriptRan(page, dialogs, '[role="tooltip"]');
});
