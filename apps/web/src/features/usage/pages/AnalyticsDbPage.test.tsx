import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { mockSignedIn } from "../../../test/signed-in.ts";
import { COMPANY, database, renderPage, serveAdmin } from "../test-support.tsx";
import { AnalyticsDbPage } from "./AnalyticsDbPage.tsx";

const DATABASES = "/api/admin/analytics-db/";

const open = () => renderPage("/analytics-db", <AnalyticsDbPage />);

describe("/analytics-db", { timeout: 20_000 }, () => {
  it("lists every database with its company, address, state and upload figures", async () => {
    serveAdmin({
      [`GET ${DATABASES}`]: {
        status: 200,
        body: [
          database({ uploads_count: 12, last_upload_at: "2026-11-20T07:15:00.000Z", rows_total: 125_000 }),
          database({
            uuid: "2c3d4e5f-6071-4829-93a4-b5c6d7e8f9a0",
            name: "Мониторинг",
            db_name: "monitoring",
            active: false,
            company: { uuid: "9b2e1d3f-4c5e-4f6a-9b7c-8d9e0f1a2b3c", name: "ООО Рассвет" },
          }),
        ],
      },
    });
    open();

    const herd = (await screen.findByText("Стадо Заречная")).closest("tr") as HTMLElement;
    expect(within(herd).getByText(COMPANY.name)).toBeTruthy();
    expect(within(herd).getByText("db1.nadoy.local/herd")).toBeTruthy();
    expect(within(herd).getByText("Да")).toBeTruthy();
    expect(herd.textContent).toContain("12");
    expect(herd.textContent).toMatch(/20\.11\.2026 \d\d:15/);
    expect(herd.textContent?.replace(/\s/g, " ")).toContain("125 000");
    const monitoring = screen.getByText("Мониторинг").closest("tr") as HTMLElement;
    expect(within(monitoring).getByText("Нет")).toBeTruthy();
    expect(monitoring.textContent).toContain("—");
    expect(screen.queryByText("Статистика появится после первых загрузок данных")).toBeNull();
  });

  it("explains that statistics come with the first uploads while no database has any", async () => {
    serveAdmin({ [`GET ${DATABASES}`]: { status: 200, body: [database()] } });
    open();

    expect(await screen.findByText("Статистика появится после первых загрузок данных")).toBeTruthy();
    expect(screen.getByText("Стадо Заречная")).toBeTruthy();
  });

  it("sends to the companies when no database is registered", async () => {
    serveAdmin({ [`GET ${DATABASES}`]: { status: 200, body: [] } });
    open();

    expect(await screen.findByText("Баз данных пока нет: их подключают в карточках компаний.")).toBeTruthy();
    expect(screen.getByText("Компании и фермы").closest("a")?.getAttribute("href")).toBe("/business-pages");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("refuses users who are not administrators, without asking the API", async () => {
    const api = mockSignedIn(userDataFixture({ groups: [5] }));
    open();

    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
    expect(api.calls.some((call) => call.path.startsWith("/api/admin/"))).toBe(false);
  });
});
