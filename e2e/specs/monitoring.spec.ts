import { expect, test } from "@playwright/test";
import { keygenIds, signIn } from "./helpers.ts";

// Issue 19: the admin makes an ingestion key in the key generator; a gateway (this test) posts
// 1,000 readings with it; the open monitoring page shows them without a reload; the DTM log
// lists the batch; after the key is revoked in the generator, the next post is refused.

/** The demo company's monitoring database (apps/server/src/db/seed/business.ts) and its DTM code. */
const DATABASE = "Мониторинг оборудования «Заря»";
const DTM_CODE = "ZR-001";
const KEY_NAME = "Шлюз доильного зала";
/** A milk temperature no tank ever has: the page shows it only once the test's readings are in. */
const MARK = 77.7;

test("a key made in the generator feeds the live chart and the DTM log, and is refused once revoked", async ({
  page,
  request,
}) => {
  await signIn(page, "admin");
  const { database, workspace, dtm } = await keygenIds(page, DATABASE, DTM_CODE);

  // The key, in the generator's form.
  await page.goto(`/services/key_generator/${workspace}`);
  await page.getByRole("button", { name: "Создать ключ" }).click();
  const form = page.getByRole("dialog", { name: "Новый ключ" });
  await form.getByLabel("Название").fill(KEY_NAME);
  await form.getByLabel("База данных").click();
  await page.getByTitle(DATABASE).click();
  await form.getByLabel("Код DTM").click();
  await page.getByTitle(DTM_CODE).click();
  await form.getByRole("button", { name: "Создать ключ" }).click();
  const shown = page.getByRole("dialog", { name: `Ключ «${KEY_NAME}» создан` });
  const secret = ((await shown.getByTestId("key-secret").textContent()) ?? "").trim();
  expect(secret).toMatch(/^ndk_/);
  await shown.getByRole("button", { name: "Я сохранил ключ" }).click();
  const auth = { authorization: `Key ${secret}` };

  // The monitoring page, open before the readings come.
  await page.goto(`/equipment_monitoring/monitoring_report/${database}`);
  // The last 24 hours, not «today»: the readings span the last 1,000 s, and «today» starts at the
  // site's midnight (21:00 UTC in Moscow), which a run just after it put between them.
  await page.getByRole("toolbar", { name: "Период" }).getByText("24 часа").click();
  const stats = page.getByRole("table", { name: "Минимум, максимум и среднее" });
  await expect(stats.getByRole("row").nth(1)).toBeVisible();
  await expect(stats).not.toContainText("77,7");

  // The gateway: 1,000 readings of the page's first sensor, one a second up to now, one of them MARK.
  const listed = await request.get("/api/monitoring/ingest/series/", { headers: auth });
  expect(listed.status()).toBe(200);
  const { series } = (await listed.json()) as { series: { id: number; kind: string }[] };
  const sensor = series.find((s) => s.kind === "sensor" || s.kind === "power");
  if (!sensor) throw new Error("the demo site has no sensor");
  const now = Date.now();
  const readings = Array.from({ length: 1000 }, (_, i) => ({
    series_id: sensor.id,
    ts: new Date(now - (1000 - i) * 1000).toISOString(),
    value: i === 500 ? MARK : 4,
  }));
  const posted = await request.post("/api/monitoring/ingest/", { headers: auth, data: { readings } });
  expect(posted.status()).toBe(200);
  expect(await posted.json()).toEqual({ accepted: 1000, rejected: [] });

  // No reload: the server's hint brings them to the open page.
  await expect(stats).toContainText("77,7");

  // The DTM log of the key's code lists the batch.
  await page.goto(`/services/dtm_module/${dtm}`);
  const log = page.getByRole("table", { name: "Передачи" });
  await expect(log.getByRole("row").filter({ hasText: KEY_NAME }).first()).toContainText("1000 / 1000 / 0");

  // Revoked in the generator: the next post is refused and writes nothing.
  await page.goto(`/services/key_generator/${workspace}`);
  await page.getByRole("button", { name: `Отозвать ${KEY_NAME}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Отозвать" }).click();
  await expect(page.getByRole("button", { name: `Отозвать ${KEY_NAME}` })).toHaveCount(0);
  const refused = await request.post("/api/monitoring/ingest/", { headers: auth, data: { readings } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe("key_revoked");
});
