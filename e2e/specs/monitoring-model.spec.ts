import { expect, test } from "@playwright/test";
import { keygenIds, signIn } from "./helpers.ts";

// Issue 19, «Схема площадки»: the admin describes a new site on a monitoring page — the site, a
// device, a sensor of it — and reads the sensor's series_id there; a reading sent with that id
// (a key of the database) is accepted; deleting the site says what goes with it and takes it away.

/** The demo company's monitoring database (apps/server/src/db/seed/business.ts). */
const DATABASE = "Мониторинг оборудования «Заря»";
const SITE = "Телятник (проверка схемы)";
const DEVICE = "Вентилятор 7";
const SENSOR = "Температура воздуха";

test("the admin describes a site, a device and a sensor, and the sensor takes readings by its id", async ({
  page,
  request,
}) => {
  await signIn(page, "admin");
  const { database, workspace } = await keygenIds(page, DATABASE);

  await page.goto(`/equipment_monitoring/monitoring_report/${database}`);
  await page.getByRole("button", { name: /Схема площадки/ }).click();
  const drawer = page.getByRole("dialog", { name: /Схема площадки/ });

  // The site, in a zone of its own.
  await drawer.getByRole("button", { name: "Добавить площадку" }).click();
  const siteForm = page.getByRole("dialog", { name: "Новая площадка" });
  await siteForm.getByLabel("Название").fill(SITE);
  await siteForm.getByLabel("Часовой пояс").fill("Novosibirsk");
  await page.getByTitle("Asia/Novosibirsk").click();
  await siteForm.getByRole("button", { name: "Добавить" }).click();
  const site = drawer.getByRole("region", { name: `Площадка «${SITE}»` });
  await expect(site).toContainText("Asia/Novosibirsk");

  // A device of it, and a sensor of the device.
  await site.getByRole("button", { name: "Добавить устройство" }).click();
  const deviceForm = page.getByRole("dialog", { name: "Новое устройство" });
  await deviceForm.getByLabel("Название").fill(DEVICE);
  await deviceForm.getByLabel("Тип устройства").fill("вентиляция");
  await deviceForm.getByRole("button", { name: "Добавить" }).click();
  const card = site.locator(".ant-card").filter({ hasText: DEVICE });
  await card.getByRole("button", { name: "Ряд" }).click();
  const seriesForm = page.getByRole("dialog", { name: "Новый ряд" });
  await seriesForm.getByLabel("Название").fill(SENSOR);
  await seriesForm.getByRole("button", { name: "Добавить" }).click();
  const row = site
    .getByRole("table", { name: `Ряды устройства «${DEVICE}»` })
    .getByRole("row")
    .filter({ hasText: SENSOR });
  await expect(row).toBeVisible();
  const seriesId = Number(((await row.getByRole("cell").nth(2).textContent()) ?? "").replace(/\D/g, ""));
  expect(seriesId).toBeGreaterThan(0);

  // A gateway sends a reading with that id and a key of the database: accepted.
  const made = await page.evaluate(
    async ({ ws, db }) => {
      const res = await fetch(`/api/keys/workspaces/${ws}/keys/`, {
        method: "POST",
        headers: { authorization: `Bearer ${localStorage.getItem("access")}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "Проверка схемы", scope: "ingest", database_uuid: db }),
      });
      return { status: res.status, body: await res.json() };
    },
    { ws: workspace, db: database },
  );
  expect(made.status).toBe(201);
  const posted = await request.post("/api/monitoring/ingest/", {
    headers: { authorization: `Key ${made.body.secret}` },
    data: { readings: [{ series_id: seriesId, ts: new Date().toISOString(), value: 18.5 }] },
  });
  expect(await posted.json()).toEqual({ accepted: 1, rejected: [] });

  // Deleting the site names what goes along, then says what went.
  await site.getByRole("button", { name: `Удалить площадку «${SITE}»` }).click();
  const confirm = page.locator(".ant-popconfirm").filter({ hasText: "Вместе с ней удалятся 1 устройство" });
  await confirm.getByRole("button", { name: "Удалить" }).click();
  await expect(page.getByText(/^Удалено: 1 площадка, 1 устройство, 1 ряд и 1 показание$/)).toBeVisible();
  await expect(site).toHaveCount(0);
});
