import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import ExcelJS from "exceljs";
import { describe, expect, it, vi } from "vitest";
import { captureDownloads } from "../../../test/downloads.ts";
import { catalog, DB, renderPage, STATES, serveMonitoring, states } from "../test-support.tsx";

// ECharts draws nothing in jsdom: the timeline shows its rows and its bars (state, colour) as text.
vi.mock("echarts-for-react/esm/core", () => ({
  default: ({
    option,
  }: {
    option: { yAxis: { data: string[] }; series: { data: { name: string; itemStyle: { color: string } }[] }[] };
  }) => (
    <p data-testid="timeline">
      {option.yAxis.data.join(", ")}: {option.series[0]?.data.map((d) => `${d.name} ${d.itemStyle.color}`).join(", ")}
    </p>
  ),
}));

const { MonitoringDiscretePage } = await import("./MonitoringDiscretePage.tsx");

/** The range's states; the previous period's (asked at the narrowest width): 2 h on, 2 h off. */
function answer(query: URLSearchParams) {
  const body = states();
  if (query.get("width") !== "50") return body;
  const [channel] = body.series;
  if (channel) {
    channel.states = [
      { code: "on", name: "Работает", color: "#2e7d32", seconds: 7200, share: 0.5 },
      { code: "off", name: "Выключен", color: "#9e9e9e", seconds: 7200, share: 0.5 },
    ];
  }
  return body;
}

const open = () =>
  renderPage(
    "/equipment_monitoring/monitoring_report_discrete/:uuid",
    <MonitoringDiscretePage />,
    `/equipment_monitoring/monitoring_report_discrete/${DB}`,
  );

describe("/equipment_monitoring/monitoring_report_discrete/:uuid", { timeout: 30_000 }, () => {
  it("draws each channel's runs in its states' colours, time and % in each state, the current state", async () => {
    const api = serveMonitoring({ [`GET ${STATES}`]: (call) => ({ status: 200, body: answer(call.query) }) });
    open();
    expect((await screen.findByTestId("timeline")).textContent).toBe(
      "Танк-охладитель 1 — Компрессор: Работает #2e7d32, Выключен #9e9e9e",
    );
    const table = screen.getByRole("table", { name: "Время в состояниях" });
    expect(within(table).getByText("Работает: 3 ч 00 мин, 75 %")).toBeTruthy();
    expect(within(table).getByText("Выключен: 1 ч 00 мин, 25 %")).toBeTruthy();
    // Off for 1 h 30 min, since 10:00 of the site (03:00Z in UTC+7).
    expect(within(table).getByText("1 ч 30 мин (с 10.03.2026 10:00)")).toBeTruthy();
    const call = api.calls.find((c) => c.path === STATES);
    expect(Object.fromEntries(call?.query ?? [])).toMatchObject({ series: "11", width: "800" });
  });

  it("compares the time in each state with the previous period: «Сегодня» with the same hours a day earlier", async () => {
    const api = serveMonitoring({ [`GET ${STATES}`]: (call) => ({ status: 200, body: answer(call.query) }) });
    open();
    const table = await screen.findByRole("table", { name: "Время в состояниях" });
    expect(await within(table).findByText("Работает: 2 ч 00 мин, 50 %")).toBeTruthy();
    expect(within(table).getByText("Выключен: 2 ч 00 мин, 50 %")).toBeTruthy();
    // «Сегодня» is under a day: the previous period is the same hours a day earlier.
    const [shown, before] = api.calls.filter((c) => c.path === STATES).map((c) => Object.fromEntries(c.query));
    const DAY = 24 * 3_600_000;
    expect(Date.parse(before?.from ?? "")).toBe(Date.parse(shown?.from ?? "") - DAY);
    expect(Date.parse(before?.to ?? "")).toBe(Date.parse(shown?.to ?? "") - DAY);
  });

  it("exports the table as XLSX: bold header, the current state, numbers as numbers, the previous period", async () => {
    serveMonitoring({ [`GET ${STATES}`]: (call) => ({ status: 200, body: answer(call.query) }) });
    const { blobs, saved } = captureDownloads();
    open();
    await screen.findByText("Работает: 2 ч 00 мин, 50 %");
    fireEvent.click(screen.getByRole("button", { name: /XLSX/ }));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
    expect(saved[0]).toMatch(/^Датчики Заречная — состояния, \d\d\.\d\d\.\d{4}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await blobs[0]?.arrayBuffer()) as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = (row: number) => (sheet ? (sheet.getRow(row).values as unknown[]) : []).slice(1);
    expect(values(1)).toEqual([
      "Канал",
      "Сейчас",
      "Сейчас с",
      "Состояние",
      "Время, ч",
      "Доля, %",
      "Прошлый период, ч",
      "Прошлый период, %",
    ]);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    // Off for 1 h 30 min since 10:00 of the site; 3 h of 4 on now, 2 h of 4 before.
    expect(values(2)).toEqual([
      "Танк-охладитель 1 — Компрессор",
      "Выключен, 1 ч 30 мин",
      "10.03.2026 10:00",
      "Работает",
      3,
      75,
      2,
      50,
    ]);
    expect(values(3)).toEqual([
      "Танк-охладитель 1 — Компрессор",
      "Выключен, 1 ч 30 мин",
      "10.03.2026 10:00",
      "Выключен",
      1,
      25,
      2,
      50,
    ]);
  });

  it("says why a range the server refuses shows nothing: its Russian message", async () => {
    serveMonitoring({
      [`GET ${STATES}`]: { status: 400, body: { code: "validation_error", message: "Период не длиннее 400 дней" } },
    });
    open();
    expect(await screen.findByText("Период не длиннее 400 дней")).toBeTruthy();
  });

  it("says what to do when the database has no state channels", async () => {
    serveMonitoring({
      [`GET /api/monitoring/${DB}/`]: {
        status: 200,
        body: catalog({ series: catalog().series.filter((s) => s.kind !== "state") }),
      },
    });
    open();
    expect(await screen.findByText("В этой базе пока нет каналов состояний.")).toBeTruthy();
  });
});
