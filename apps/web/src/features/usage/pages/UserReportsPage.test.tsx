import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { mockSignedIn } from "../../../test/signed-in.ts";
import {
  adminUser,
  emptyReport,
  lastQuery,
  pickOption,
  queriesTo,
  renderPage,
  serveAdmin,
  usageReport,
  userRow,
} from "../test-support.tsx";
import { UserReportsPage } from "./UserReportsPage.tsx";

const REPORT = "/api/admin/usage/";
const EXPORT = "/api/admin/usage/export/";

/** ECharts in jsdom: no layout (zero-sized containers) and no canvas to measure text with. */
const JSDOM_CHART_NOISE = /^\[ECharts\] Can't get DOM width or height|HTMLCanvasElement's getContext/;

// 25 November 2026, noon: the default period is 27 October – 25 November.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 25, 12, 0, 0));
  for (const level of ["warn", "error"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      if (!JSDOM_CHART_NOISE.test(String(args[0]))) original(...args);
    });
  }
});
afterEach(() => vi.useRealTimers());

function serveReport(report = usageReport()) {
  const api = serveAdmin({
    [`GET ${REPORT}`]: { status: 200, body: report },
    [`GET ${EXPORT}`]: { status: 200, body: "xlsx" },
    "GET /api/admin/users/": () => {
      const q = lastQuery(api).get("q") ?? "";
      const users = [userRow({ id: 1, username: "admin", name: "Анна Админова" }), userRow()];
      const items = users.filter((user) => `${user.name} ${user.username}`.toLowerCase().includes(q.toLowerCase()));
      return { status: 200, body: { items, total: items.length, page: 1, page_size: 25 } };
    },
    "GET /api/admin/users/12/": { status: 200, body: adminUser() },
  });
  return api;
}

const open = (url = "/user-reports") => renderPage("/user-reports", <UserReportsPage />, url);
const lastReportQuery = (api: ReturnType<typeof serveReport>) => queriesTo(api, REPORT).at(-1);

// The first test also compiles the lazy chunk of ECharts.
describe("/user-reports", { timeout: 30_000 }, () => {
  it("shows the last 30 days: totals, both charts and the most active users", async () => {
    const api = serveReport();
    open();

    expect(await screen.findByText("Переходов")).toBeTruthy();
    expect(lastReportQuery(api)).toEqual({ from: "2026-10-27", to: "2026-11-25" });
    expect(screen.getByText("42")).toBeTruthy();
    expect(await screen.findByRole("figure", { name: "Переходы и пользователи по дням" })).toBeTruthy();
    expect(screen.getByRole("figure", { name: "Переходы по разделам" })).toBeTruthy();
    const ivan = screen.getByText("Иван Петров").closest("tr") as HTMLElement;
    expect(ivan.textContent).toContain("zootech");
    expect(ivan.textContent).toContain("40");
    expect(ivan.textContent).toMatch(/25\.11\.2026 \d\d:30/);
    expect(screen.getByText("Удалённый пользователь")).toBeTruthy();
  });

  it("puts the period, user and section in the URL and asks the server with them", async () => {
    const api = serveReport();
    const page = open();
    await screen.findByText("Переходов");

    fireEvent.click(screen.getByPlaceholderText("С"));
    fireEvent.click(await screen.findByText("7 дней"));
    await waitFor(() => expect(page.search()).toEqual({ from: "2026-11-19", to: "2026-11-25" }));
    await waitFor(() => expect(lastReportQuery(api)).toEqual({ from: "2026-11-19", to: "2026-11-25" }));

    const users = screen.getByRole("combobox", { name: "Пользователь" });
    fireEvent.mouseDown(users);
    fireEvent.change(users, { target: { value: "иван" } });
    await pickOption(users, "Иван Петров (zootech)");
    await waitFor(() => expect(page.search()).toEqual({ from: "2026-11-19", to: "2026-11-25", user_id: "12" }));

    const sections = screen.getByRole("combobox", { name: "Раздел" });
    fireEvent.mouseDown(sections);
    fireEvent.change(sections, { target: { value: "спис" } });
    await pickOption(sections, "Списки");
    const expected = { from: "2026-11-19", to: "2026-11-25", user_id: "12", section: "/lists" };
    await waitFor(() => expect(page.search()).toEqual(expected));
    await waitFor(() => expect(lastReportQuery(api)).toEqual(expected));

    fireEvent.click(screen.getByPlaceholderText("С"));
    fireEvent.click(await screen.findByText("30 дней"));
    await waitFor(() => expect(page.search()).toEqual({ user_id: "12", section: "/lists" }));
  });

  it("opens with the filters of its URL, naming the user and the section", async () => {
    const api = serveReport();
    open("/user-reports?from=2026-11-01&to=2026-11-10&user_id=12&section=%2Fservices");

    await screen.findByText("Переходов");
    expect(lastReportQuery(api)).toEqual({ from: "2026-11-01", to: "2026-11-10", user_id: "12", section: "/services" });
    expect((screen.getByPlaceholderText("С") as HTMLInputElement).value).toBe("01.11.2026");
    expect((screen.getByPlaceholderText("По") as HTMLInputElement).value).toBe("10.11.2026");
    expect(await screen.findByText("Иван Петров (zootech)")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Раздел" }).closest(".ant-select-content")?.getAttribute("title")).toBe(
      "Сервисы",
    );
  });

  it("downloads the XLSX of the same filters with the bearer token", async () => {
    const api = serveReport();
    const createObjectURL = vi.fn(() => "blob:usage");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    open("/user-reports?from=2026-11-01&to=2026-11-10&section=%2Flists");
    await screen.findByText("Переходов");

    fireEvent.click(screen.getByRole("button", { name: "Скачать XLSX" }));

    await waitFor(() => expect(saved).toEqual(["Посещаемость 2026-11-01 — 2026-11-10.xlsx"]));
    expect(queriesTo(api, EXPORT)).toEqual([{ from: "2026-11-01", to: "2026-11-10", section: "/lists" }]);
    expect(api.calls.find((call) => call.path === EXPORT)?.authorization).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it("says so when the period has no visits, and offers no file", async () => {
    serveReport(emptyReport());
    open();

    expect(await screen.findByText("За выбранный период переходов нет")).toBeTruthy();
    expect(screen.queryByRole("figure")).toBeNull();
    expect((screen.getByRole("button", { name: "Скачать XLSX" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal of a period", async () => {
    serveAdmin({
      [`GET ${REPORT}`]: {
        status: 400,
        body: { code: "validation_error", message: "Период не может быть длиннее 366 дней" },
      },
    });
    open();

    expect(await screen.findByText("Период не может быть длиннее 366 дней")).toBeTruthy();
  });

  it("names sections from the route registry in the chart, unknown ones as they are", async () => {
    serveReport();
    open();

    const chart = await screen.findByRole("figure", { name: "Переходы по разделам" });
    await waitFor(() => expect(within(chart).getByText("Списки")).toBeTruthy());
    expect(within(chart).getByText("Сервисы")).toBeTruthy();
    expect(within(chart).getByText("/unknown-thing")).toBeTruthy();
  });

  it("refuses users who are not administrators, without asking the usage API", async () => {
    const api = mockSignedIn(userDataFixture({ groups: [2] }));
    open();

    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
    expect(api.calls.some((call) => call.path.startsWith("/api/admin/"))).toBe(false);
  });
});
